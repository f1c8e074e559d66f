/** Every table, for drizzle-kit and for queries that span modules. */
export * from '../modules/approvals/schema';
export * from '../modules/auth/schema';
export * from '../modules/hierarchy/schema';
export * from '../modules/master/schema';
export * from '../modules/notices/schema';
export * from '../modules/regions/schema';
export * from '../modules/resources/schema';
export * from '../modules/staff/schema';
export * from '../modules/storeQuick/schema';
export * from '../modules/stores/schema';
export * from '../modules/wxwork/schema';
export * from '../platform/events/schema';
export * from '../platform/exports/schema';
export * from '../platform/files/schema';
export * from '../platform/schedule/schema';
export * from '../platform/schema';
export * from '../platform/settingsSchema';
