/** node-postgres's value serialisation (pg/lib/utils.js), which @types/pg does not declare. */
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): unknown;
}
