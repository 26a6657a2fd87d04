/**
 * What a value becomes once sent as JSON (`Date` → ISO text), so the server's views and event
 * payloads can be checked at compile time against the contracts' answer and event types.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends (...args: never[]) => unknown
      ? never
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/**
 * `unknown` when `Server`, sent as JSON, is readable as `Contract` (extra fields allowed), else a
 * type naming the contract, so `value: V & SentAs<V, C>` fails to compile where they differ.
 */
export type SentAs<Server, Contract> = [Wire<Server>] extends [Contract]
  ? unknown
  : { 'sent as JSON this is not the contracts type': Contract };

/** A compile-time check of a view: `wireMatches<TagView, Tag>(true)` fails to compile where they differ. */
export const wireMatches = <Server, Contract>(ok: [Wire<Server>] extends [Contract] ? true : never): void => void ok;

/** What a use case answers (its promise's value): `wireMatches<Answer<typeof listTags>, TagPage>(true)`. */
export type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
