import type { Api } from '@portal/api-client';
import { optional } from '@portal/api-client/envelope';
import type { ProfileOptions } from '@portal/ui/member';

export type FormOptions = ProfileOptions;

const NO_OPTIONS = { industry: [], position: [], department: [] };

/** Option lists of the register and profile forms (public data, loaded with the page; a failure leaves them empty). */
export async function loadFormOptions(api: Api): Promise<FormOptions> {
  const [lists, provinces] = await Promise.all([
    optional('[member] option_ls', api.option_ls({}), NO_OPTIONS),
    optional('[member] get_province', api.get_province({}), []),
  ]);
  return {
    industry: lists.industry ?? [],
    position: lists.position ?? [],
    department: lists.department ?? [],
    provinces,
  };
}
