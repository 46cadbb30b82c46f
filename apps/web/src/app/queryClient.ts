import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/ApiError.ts';
import { isReportable, reportClientError } from '../lib/log.ts';
import { noteSavedWrite } from '../lib/offline/savedWrites.ts';

interface QueryClientOptions {
  /**
   * Whether a failed read is tried once more (the app's rule, the default). Component tests turn it off: they
   * count the requests a screen sends and would otherwise wait a second for each retry. Reporting, caching
   * and the mutation rules stay the app's.
   */
  retryReads?: boolean;
}

// Failed fetches and saves are logged to the server (spec 1 section 7); screens decide what the user sees.
// The app and the component tests use this one client, so a test sees every report the app would send.
export function createQueryClient({ retryReads = true }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isReportable(error)) reportClientError(`query ${JSON.stringify(query.queryKey)} failed`, error);
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: () => noteSavedWrite(),
      onError: (error, _variables, _context, mutation) => {
        if (isReportable(error)) {
          reportClientError(`mutation ${JSON.stringify(mutation.options.mutationKey ?? [])} failed`, error);
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          if (!retryReads) return false;
          // A refusal (4xx) will not change on retry; a lost connection or server fault might.
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          return !refused && failures < 1;
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
