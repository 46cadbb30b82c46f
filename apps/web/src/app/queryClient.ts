import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/ApiError.ts';
import { isReportable, reportClientError } from '../lib/log.ts';

// Failed fetches and saves are logged to the server (spec 1 section 7); screens decide what the user sees.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isReportable(error)) reportClientError(`query ${JSON.stringify(query.queryKey)} failed`, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isReportable(error)) {
          reportClientError(`mutation ${JSON.stringify(mutation.options.mutationKey ?? [])} failed`, error);
        }
      },
    }),
    defaultOptions: {
      queries: {
        // A refusal (4xx) will not change on retry; a lost connection or server fault might.
        retry: (failures, error) =>
          error instanceof ApiError && error.status >= 400 && error.status < 500 ? false : failures < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
