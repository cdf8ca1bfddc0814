import { describe, expect, it } from 'vitest';
import { ValidationError, type AnySchema } from 'yup';
import { AVATAR_MAX_BYTES, EMPLOYEE_COUNT_OPTIONS } from './constants';
import type { FormField } from './contract';
import {
  avatarFileSchema,
  checkAvatarFile,
  columnArticleSchema,
  dynamicFieldKind,
  dynamicFormSchema,
  isEditorEmpty,
  loginSchema,
  memberRegisterFormSchema,
  memberRegisterSchema,
  MSG,
  newsletterSchema,
  normalizeKeywords,
  profileSchema,
  requiredMsg,
  resetPasswordSchema,
  sendSmsSchema,
  vendorMobileSchema,
  vendorRegistrationFormSchema,
  vendorRegistrationSchema,
} from './schemas';

/** The first message per field, as formik shows it. */
async function errorsOf(schema: AnySchema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const inner of error.inner) {
      const path = inner.path ?? '';
      errors[path] ??= inner.message;
    }
    return errors;
  }
}

const register = {
  username: '张三',
  mobile: '13812345678',
  email: 'zhang@example.com',
  company: '示例科技',
  industry: 1,
  position: 2,
  department: 3,
  province: '北京市',
  city: '北京市',
  address: '海淀区中关村大街1号',
  company_people: '26-99',
  password: 'secret1',
};

describe('exact Chinese messages of spec section 5', () => {
  it('keeps the texts the spec gives verbatim', () => {
    expect(MSG.vendorMobileRequired).toBe('请输入手机号');
    expect(MSG.vendorMobileInvalid).toBe('请输入正确的手机号');
    expect(MSG.nameRequired).toBe('姓名不能为空');
    expect(MSG.mobileRequired).toBe('手机号不能为空');
    expect(MSG.mobileInvalid).toBe('手机号格式不正确');
    expect(MSG.emailRequired).toBe('邮箱不能为空');
    expect(MSG.vendorEmailInvalid).toBe('请输入正确的邮箱地址');
    expect(MSG.companyRequired).toBe('公司不能为空');
    expect(MSG.jobRequired).toBe('职位不能为空');
    expect(MSG.deptRequired).toBe('部门不能为空');
    expect(MSG.vendorAgreement).toBe('请查看协议并勾选');
    expect(MSG.formPrivacy).toBe('请勾选授权协议');
    expect(MSG.activityClosed).toBe('当前活动报名时间已结束');
    expect(MSG.sessionExpired).toBe('无效的会话，或者会话已过期，请重新登录。');
    expect(MSG.deleteConfirm).toBe('此操作将删除该任务，是否继续？');
    expect(MSG.loginFirst).toBe('请先登录');
    expect(MSG.phoneFirst).toBe('请先输入手机号');
    expect(MSG.passwordLength).toBe('密码长度为6到20个字符');
    expect(MSG.avatarSize).toBe('上传头像图片大小不能超过 3MB');
    expect(requiredMsg('公司名称')).toBe('公司名称不能为空');
  });
});

describe('memberRegisterSchema', () => {
  it('accepts a complete registration', async () => {
    expect(await errorsOf(memberRegisterSchema, register)).toEqual({});
  });

  it('reports every required field', async () => {
    expect(await errorsOf(memberRegisterSchema, {})).toEqual({
      username: MSG.usernameRequired,
      mobile: MSG.mobileRequired,
      email: MSG.emailRequired,
      industry: MSG.industryRequired,
      position: MSG.positionRequired,
      department: MSG.departmentRequired,
      password: MSG.passwordRequired,
    });
  });

  it('treats an unchosen select ("" or 0) as missing', async () => {
    const errors = await errorsOf(memberRegisterSchema, { ...register, industry: '', position: 0 });
    expect(errors).toEqual({ industry: MSG.industryRequired, position: MSG.positionRequired });
  });

  it.each(['1381234567', '23812345678', '12812345678', '138123456789', '1381234567a'])(
    'rejects the phone %s',
    async (mobile) => {
      expect(await errorsOf(memberRegisterSchema, { ...register, mobile })).toEqual({
        mobile: MSG.mobileInvalid,
      });
    },
  );

  it.each(['13012345678', '19912345678', ' 15912345678 '])('accepts the phone %j', async (mobile) => {
    expect(await errorsOf(memberRegisterSchema, { ...register, mobile })).toEqual({});
  });

  it('rejects a malformed email', async () => {
    expect(await errorsOf(memberRegisterSchema, { ...register, email: 'zhang@' })).toEqual({
      email: MSG.emailInvalid,
    });
  });

  it.each([
    ['12345', MSG.passwordLength],
    ['x'.repeat(21), MSG.passwordLength],
  ])('rejects the password %j', async (password, message) => {
    expect(await errorsOf(memberRegisterSchema, { ...register, password })).toEqual({ password: message });
  });

  it.each(['123456', 'x'.repeat(20)])('accepts a password of boundary length', async (password) => {
    expect(await errorsOf(memberRegisterSchema, { ...register, password })).toEqual({});
  });

  it('only accepts the employee-count ranges of spec section 3', async () => {
    for (const company_people of [...EMPLOYEE_COUNT_OPTIONS, '']) {
      expect(await errorsOf(memberRegisterSchema, { ...register, company_people })).toEqual({});
    }
    expect(await errorsOf(memberRegisterSchema, { ...register, company_people: '3-5' })).toEqual({
      company_people: MSG.companyPeopleInvalid,
    });
  });

  it('fills absent optional text with empty strings for the server', () => {
    const { company, province, city, address, company_people, ...rest } = register;
    void [company, province, city, address, company_people];
    const cast = memberRegisterSchema.cast(rest);
    expect(cast).toMatchObject({ company: '', province: '', city: '', address: '', company_people: '' });
  });
});

describe('memberRegisterFormSchema', () => {
  const form = { ...register, checkPass: register.password, privacy: true };

  it('accepts matching passwords and a ticked privacy box', async () => {
    expect(await errorsOf(memberRegisterFormSchema, form)).toEqual({});
  });

  it('asks for the password again', async () => {
    expect(await errorsOf(memberRegisterFormSchema, { ...form, checkPass: '' })).toEqual({
      checkPass: MSG.checkPassRequired,
    });
  });

  it('rejects a different repeat', async () => {
    expect(await errorsOf(memberRegisterFormSchema, { ...form, checkPass: 'secret2' })).toEqual({
      checkPass: MSG.checkPassMismatch,
    });
  });

  it.each([false, undefined])('warns when privacy is %s', async (privacy) => {
    expect(await errorsOf(memberRegisterFormSchema, { ...form, privacy })).toEqual({
      privacy: MSG.agreement,
    });
  });
  it('uses the spec wording for the agreement', () => {
    expect(MSG.agreement).toBe('请阅读协议并勾选');
  });
});

describe('loginSchema', () => {
  it('accepts a username and a 6–20 character password', async () => {
    expect(await errorsOf(loginSchema, { username: 'demo', password: 'demo123' })).toEqual({});
  });
  it('requires both fields', async () => {
    expect(await errorsOf(loginSchema, { username: '  ', password: '' })).toEqual({
      username: MSG.usernameRequired,
      password: MSG.passwordRequired,
    });
  });
  it('checks the password length', async () => {
    expect(await errorsOf(loginSchema, { username: 'demo', password: '123' })).toEqual({
      password: MSG.passwordLength,
    });
  });
});

describe('resetPasswordSchema and sendSmsSchema', () => {
  const reset = { mobile: '13812345678', code: '123456', password: 'newpass1' };

  it('accepts a complete reset', async () => {
    expect(await errorsOf(resetPasswordSchema, reset)).toEqual({});
  });
  it('reports each missing field', async () => {
    expect(await errorsOf(resetPasswordSchema, { mobile: '', code: '', password: '' })).toEqual({
      mobile: MSG.mobileRequired,
      code: MSG.codeRequired,
      password: MSG.newPasswordRequired,
    });
    expect(MSG.codeRequired).toBe('请输入验证码');
  });
  it('checks the phone format and the new password length', async () => {
    expect(
      await errorsOf(resetPasswordSchema, { ...reset, mobile: '1234', password: 'x'.repeat(21) }),
    ).toEqual({
      mobile: MSG.mobileInvalid,
      password: MSG.passwordLength,
    });
  });
  it('asks for the phone before sending a code', async () => {
    expect(await errorsOf(sendSmsSchema, { mobile: '' })).toEqual({ mobile: MSG.phoneFirst });
    expect(await errorsOf(sendSmsSchema, { mobile: '1381234' })).toEqual({ mobile: MSG.mobileInvalid });
    expect(await errorsOf(sendSmsSchema, { mobile: '13812345678' })).toEqual({});
  });
});

describe('profile', () => {
  const profile = { email: 'a@b.cn', industry: 1, position: 1, department: 1 };

  it('accepts an update without username or mobile, and strips them for the server', async () => {
    expect(await errorsOf(profileSchema, profile)).toEqual({});
    const stripped = await profileSchema.validate(
      { ...profile, username: 'other', mobile: '13900000000', stoken: 'x', member_id: 1 },
      { stripUnknown: true },
    );
    expect(stripped).not.toHaveProperty('username');
    expect(stripped).not.toHaveProperty('mobile');
  });

  it('still requires email and the three options', async () => {
    expect(await errorsOf(profileSchema, { email: 'bad' })).toEqual({
      email: MSG.emailInvalid,
      industry: MSG.industryRequired,
      position: MSG.positionRequired,
      department: MSG.departmentRequired,
    });
  });

  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: AVATAR_MAX_BYTES - 1 }, null],
    [{ type: '', size: 1000, name: 'me.JPG' }, null],
    [{ type: 'image/jpg', size: 1000 }, null],
    [{ type: 'image/gif', size: 1000 }, MSG.avatarType],
    [{ type: 'image/webp', size: 1000 }, MSG.avatarType],
    [{ type: '', size: 1000, name: 'me.svg' }, MSG.avatarType],
    [{ type: 'image/png', size: AVATAR_MAX_BYTES }, MSG.avatarSize],
  ])('checkAvatarFile(%j) → %s', (file, message) => {
    expect(checkAvatarFile(file)).toBe(message);
  });

  it('avatarFileSchema gives the same messages', async () => {
    expect(await errorsOf(avatarFileSchema, { type: 'image/gif', size: AVATAR_MAX_BYTES + 1 })).toEqual({
      type: MSG.avatarType,
      size: MSG.avatarSize,
    });
    expect(await errorsOf(avatarFileSchema, { type: 'image/png', size: 10 })).toEqual({});
  });
});

describe('newsletterSchema (entities/newsletter.ts)', () => {
  it('needs the switch: left out, null or not a flag, the declared message (never "no" by default)', async () => {
    for (const subscribed of [undefined, null, 'x']) {
      expect(await errorsOf(newsletterSchema, { subscribed })).toEqual({ subscribed: MSG.newsletterSwitch });
    }
  });

  it('takes an address only in the spec email rule, trimmed; none keeps the stored one', async () => {
    expect(newsletterSchema.validateSync({ subscribed: 1 })).toStrictEqual({ email: '', subscribed: true });
    expect(newsletterSchema.validateSync({ subscribed: false, email: ' a@b.co ' }).email).toBe('a@b.co');
    expect(await errorsOf(newsletterSchema, { subscribed: true, email: 'bad' })).toEqual({
      email: MSG.emailInvalid,
    });
    expect(await errorsOf(newsletterSchema, { subscribed: true, email: `${'a'.repeat(95)}@b.com` })).toEqual({
      email: MSG.emailTooLong,
    });
  });
});

describe('isEditorEmpty and normalizeKeywords', () => {
  it.each([
    '',
    '<p><br></p>',
    '<p>&nbsp;</p><p> </p>',
    '<p><br/></p>\n<p><span>\u3000</span></p>',
    null,
    undefined,
  ])('counts %j as empty', (html) => {
    expect(isEditorEmpty(html)).toBe(true);
  });
  it.each([
    '<p>正文</p>',
    '<p><img src="/uploads/a.png"></p>',
    '<p><br></p><video src="/v.mp4"></video>',
    'x',
  ])('counts %j as content', (html) => {
    expect(isEditorEmpty(html)).toBe(false);
  });
  // Regression (issue 11, hole 1): /<!--[\s\S]*?-->/g and /<[^>]*>/g took minutes on a megabyte of
  // '<!--' or '<' — request validation of any member's article. No time is asserted: on the old
  // code this test runs past vitest's timeout.
  it.each(['<!--', '<', '<p', '<!-- <'])('answers at once for 1 MB of %j', (unit) => {
    const html = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    expect(isEditorEmpty(html)).toBe(false);
    expect(isEditorEmpty(`${html}-->`)).toBe(true);
  });
  it('normalises comma-separated keywords', () => {
    expect(normalizeKeywords(' 云计算， AI,,存储 ,AI、边缘 ')).toBe('云计算,AI,存储,边缘');
    expect(normalizeKeywords('')).toBe('');
    expect(normalizeKeywords(undefined)).toBe('');
  });
});

describe('columnArticleSchema', () => {
  const article = { title: '标题', content: '<p>正文</p>', channel: 1, category: 2, is_push: 0 };

  it('accepts an article and leaves description and keyword optional', async () => {
    expect(await errorsOf(columnArticleSchema, article)).toEqual({});
    const cast = await columnArticleSchema.validate({ ...article, keyword: 'AI，云计算' });
    expect(cast.keyword).toBe('AI,云计算');
    expect(cast.description).toBe('');
  });

  it('reports every required field', async () => {
    expect(await errorsOf(columnArticleSchema, {})).toEqual({
      title: MSG.titleRequired,
      content: MSG.contentRequired,
      channel: MSG.channelRequired,
      category: MSG.categoryRequired,
      is_push: MSG.isPushRequired,
    });
  });

  it('treats an empty editor value as no content', async () => {
    expect(await errorsOf(columnArticleSchema, { ...article, content: '<p><br></p>' })).toEqual({
      content: MSG.contentRequired,
    });
  });

  it('limits the title to 25 characters', async () => {
    expect(await errorsOf(columnArticleSchema, { ...article, title: '字'.repeat(25) })).toEqual({});
    expect(await errorsOf(columnArticleSchema, { ...article, title: '字'.repeat(26) })).toEqual({
      title: MSG.titleTooLong,
    });
  });

  it('only accepts 0 or 1 for is_push', async () => {
    expect(await errorsOf(columnArticleSchema, { ...article, is_push: 1 })).toEqual({});
    expect(await errorsOf(columnArticleSchema, { ...article, is_push: 2 })).toEqual({
      is_push: MSG.isPushRequired,
    });
  });
});

describe('vendor landing', () => {
  it.each([
    ['', MSG.vendorMobileRequired],
    ['1381234567', MSG.vendorMobileInvalid],
    ['10012345678', MSG.vendorMobileInvalid],
    ['138123456789', MSG.vendorMobileInvalid],
  ])('vendorMobileSchema(%j) → %s', async (mobile, message) => {
    expect(await errorsOf(vendorMobileSchema, { mobile })).toEqual({ mobile: message });
  });
  it('accepts a valid vendor phone with an optional meet_id', async () => {
    expect(await errorsOf(vendorMobileSchema, { mobile: '13812345678' })).toEqual({});
    expect(await errorsOf(vendorMobileSchema, { mobile: '13812345678', meet_id: 1 })).toEqual({});
  });

  const registration = {
    name: '李四',
    mobile: '13812345678',
    email: 'li@example.com',
    company: '示例公司',
    position: '经理',
    department: '信息部',
    meetName: '2025 数字化大会',
    question: JSON.stringify([{ title: 'q', answer: '' }]),
  };

  it('accepts a registration whose survey is unanswered', async () => {
    expect(await errorsOf(vendorRegistrationSchema, registration)).toEqual({});
    expect(await errorsOf(vendorRegistrationSchema, { ...registration, question: undefined })).toEqual({});
  });

  it('reports every required field with the spec messages', async () => {
    expect(await errorsOf(vendorRegistrationSchema, {})).toEqual({
      name: '姓名不能为空',
      mobile: '手机号不能为空',
      email: '邮箱不能为空',
      company: '公司不能为空',
      position: '职位不能为空',
      department: '部门不能为空',
    });
  });

  it('checks phone and email formats', async () => {
    expect(await errorsOf(vendorRegistrationSchema, { ...registration, mobile: '123', email: 'x@' })).toEqual(
      {
        mobile: '手机号格式不正确',
        email: '请输入正确的邮箱地址',
      },
    );
  });

  it('needs all three consent boxes', async () => {
    const ok = { ...registration, agreements: [true, true, true] };
    expect(await errorsOf(vendorRegistrationFormSchema, ok)).toEqual({});
    for (const agreements of [[true, true, false], [true, true], [], undefined]) {
      expect(await errorsOf(vendorRegistrationFormSchema, { ...registration, agreements })).toEqual({
        agreements: MSG.vendorAgreement,
      });
    }
  });
});

describe('dynamicFormSchema', () => {
  const field = (over: Partial<FormField>): FormField => ({
    field_name: 'f',
    label: '字段',
    type: 'input',
    is_require: 0,
    is_show: 1,
    options: [],
    ...over,
  });
  const form: FormField[] = [
    field({ field_name: 'name', label: '姓名', is_require: 1 }),
    field({ field_name: 'email', label: '邮箱', is_require: 1 }),
    field({ field_name: 'mobile', label: '手机', is_require: 1 }),
    field({ field_name: 'backup_email', label: '备用邮箱' }),
    field({ field_name: 'contact', label: '手机号码（选填）' }),
    field({ field_name: 'industry', label: '行业', type: 'select', is_require: 1 }),
    field({ field_name: 'interest', label: '关注领域', type: 'checkbox', is_require: 1 }),
    field({ field_name: 'province', label: '省份', type: 'province', is_require: 1 }),
    field({ field_name: 'hidden', label: '隐藏', is_require: 1, is_show: 0 }),
    field({ field_name: 'remark', label: '备注' }),
  ];
  const filled = {
    name: '王五',
    email: 'w@example.com',
    mobile: '13812345678',
    industry: 3,
    interest: [1, 2],
    province: '广东省',
  };

  it('detects email and mobile fields by name or label', () => {
    expect(dynamicFieldKind({ field_name: 'f1', label: '电子邮箱' })).toBe('email');
    expect(dynamicFieldKind({ field_name: 'Email', label: 'x' })).toBe('email');
    expect(dynamicFieldKind({ field_name: 'phone', label: '联系方式' })).toBe('mobile');
    expect(dynamicFieldKind({ field_name: 'f2', label: '手机号' })).toBe('mobile');
    expect(dynamicFieldKind({ field_name: 'company', label: '公司' })).toBe('other');
  });

  it('accepts a filled form and ignores hidden fields', async () => {
    expect(await errorsOf(dynamicFormSchema(form), filled)).toEqual({});
  });

  it('gives {label}不能为空 for required fields, and the email/mobile messages', async () => {
    expect(await errorsOf(dynamicFormSchema(form), { interest: [] })).toEqual({
      name: '姓名不能为空',
      email: '邮箱不能为空',
      mobile: '手机号不能为空',
      industry: '行业不能为空',
      interest: '关注领域不能为空',
      province: '省份不能为空',
    });
  });

  it('format-checks email and mobile fields even when optional', async () => {
    expect(
      await errorsOf(dynamicFormSchema(form), {
        ...filled,
        email: 'bad',
        backup_email: 'also bad',
        contact: '123',
      }),
    ).toEqual({
      email: '请输入正确的邮箱地址',
      backup_email: '请输入正确的邮箱地址',
      contact: '手机号格式不正确',
    });
    expect(await errorsOf(dynamicFormSchema(form), { ...filled, backup_email: '', contact: '' })).toEqual({});
  });

  it('asks for the privacy tick only when the form requires it', async () => {
    expect(await errorsOf(dynamicFormSchema(form, { privacy: true }), filled)).toEqual({
      privacy: '请勾选授权协议',
    });
    expect(await errorsOf(dynamicFormSchema(form, { privacy: true }), { ...filled, privacy: true })).toEqual(
      {},
    );
    expect(await errorsOf(dynamicFormSchema(form, { privacy: false }), filled)).toEqual({});
  });
});
