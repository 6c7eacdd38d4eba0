// The company's clock (Western Indonesia Time). Its days bound "completed per day" on the dashboard, the
// periods of running numbers and the hour of the nightly schedules, whatever time zone a server runs in.
//
// Migrations 001 and 002 wrote the same zone into the counter triggers, with a copy of their own: a migration
// never changes after it shipped, so runtime code reads it here and a new zone would need a new migration too.
export const BUSINESS_TIME_ZONE = 'Asia/Jakarta';
