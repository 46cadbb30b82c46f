// Every queue the API uses. Queues are created with the schema (db/migrate.ts), so sending never races
// queue creation; a new queue is added here and exists after the next start.
export const QUEUES = {} as const satisfies Record<string, string>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
