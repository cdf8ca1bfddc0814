import type { Api } from '@portal/api-client';
import type { ProfileOptions } from '@portal/ui/member';

export type FormOptions = ProfileOptions;

/** Option lists of the register and profile forms (public data, loaded with the page). */
export async function loadFormOptions(api: Api): Promise<FormOptions> {
  const [options, provinces] = await Promise.all([
    api.option_ls({}).catch(() => null),
    api.get_province({}).catch(() => null),
  ]);
  const lists = options?.code === 0 ? options.data : { industry: [], position: [], department: [] };
  return {
    industry: lists.industry ?? [],
    position: lists.position ?? [],
    department: lists.department ?? [],
    provinces: provinces?.code === 0 ? provinces.data : [],
  };
}
