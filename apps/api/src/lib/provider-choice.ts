/**
 * The outside services the API hands work to (SMS, the search engine push, the CDN purge) are each
 * chosen by one setting (`SMS_PROVIDER`, …): unset or "outbox" → the outbox, which keeps the work
 * on this machine; every other provider reads its own variables, listed in a table per service that
 * the API's config reads and validates at start.
 */
export type ProviderVariables<N extends string> = Record<
  N,
  { required: readonly string[]; optional: readonly string[] }
>;

/** The variables of a table, as a union. */
export type VariableOf<T extends ProviderVariables<string>> = T[keyof T]['required' | 'optional'][number];

/** The setting and its providers' variables, as the API's config read them. */
export type ProviderEnv<S extends string, T extends ProviderVariables<string>> = Partial<
  Record<S | VariableOf<T>, string>
>;

/** The providers a table lists, in its order. */
export const providerNames = <N extends string>(table: ProviderVariables<N>): N[] =>
  Object.keys(table) as N[];

/** Every variable a table lists, each provider's required then optional ones. */
export function providerVariables<N extends string>(table: ProviderVariables<N>): string[] {
  return providerNames(table).flatMap((p) => [...table[p].required, ...table[p].optional]);
}

/**
 * Builds the provider that `env[setting]` names (unset: the outbox). `need` reads a variable the
 * provider cannot work without: the config refuses to start without it, so a half-configured
 * provider never silently drops work; this guards a direct call.
 */
export function chooseProvider<E extends Partial<Record<string, string>>, N extends string, P>(
  setting: keyof E & string,
  env: E,
  builders: Record<N, (need: (key: keyof E & string) => string) => P>,
): P {
  const name = (env[setting] || 'outbox').toLowerCase();
  const need = (key: keyof E & string): string => {
    const value = env[key];
    if (!value) throw new Error(`${setting}=${name} needs ${key}`);
    return value;
  };
  const names = Object.keys(builders) as N[];
  const chosen = names.find((n) => n === name);
  if (chosen === undefined) {
    const list = `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
    throw new Error(`Unknown ${setting} "${name}" (${list})`);
  }
  return builders[chosen](need);
}
