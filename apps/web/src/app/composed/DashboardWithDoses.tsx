import { DashboardPage } from '../../features/dashboard/routes/DashboardPage.tsx';
import { TodaysDosesCard } from '../../features/doses/components/TodaysDosesCard.tsx';

// Features never import each other (docs/architecture.md); the app composes them: the dashboard with, first,
// today's doses of every pet the user looks after (issue 49).

/** / and /dashboard */
export function DashboardWithDosesPage() {
  return <DashboardPage today={(hasPets) => <TodaysDosesCard enabled={hasPets} />} />;
}
