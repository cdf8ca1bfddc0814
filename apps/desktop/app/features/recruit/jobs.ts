/**
 * How to apply for a position of /recruit. The positions themselves are managed in the back office
 * (the `jobs` resource) and loaded with get_jobs.
 */
export const RECRUIT_CONTACT = {
  email: 'hr@smeit.cn',
  subject: '应聘职位-姓名-工作年限',
  phone: '010-62588800 转人力资源部',
};

/** Index N of /recruit/detail?id=N (one or two digits, no sign or leading zero), or null. */
export function jobIndex(id: string | null): number | null {
  if (id === null || !/^(?:0|[1-9]\d?)$/.test(id)) return null;
  return Number(id);
}
