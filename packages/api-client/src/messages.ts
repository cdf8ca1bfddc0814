/**
 * The user-facing messages of spec section 5 and the client messages of section 8, written once.
 * Apart from the yup schemas (./schemas) on purpose: a page that only shows a message (请先登录,
 * 到底了) imports this small module and never loads yup or the rules (messages.test.ts checks it).
 */
import { ERROR_MESSAGES, ErrorCode } from './codes';
import {
  ARTICLE_CONTENT_MAX_BYTES,
  EDITOR_UPLOAD_MAX_BYTES,
  ARTICLE_MAX_NESTING,
  COMPLAINT_LIMITS,
  FIELD_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TITLE_MAX,
} from './constants';

/** Every user-facing message of section 5 and the client messages of section 8. */
export const MSG = {
  // member register / login / reset
  usernameRequired: '请输入会员名',
  usernameTooLong: `会员名不能超过${FIELD_MAX.username}个字符`,
  mobileRequired: '手机号不能为空',
  mobileInvalid: '手机号格式不正确',
  emailRequired: '邮箱不能为空',
  emailInvalid: '请输入正确的邮箱',
  emailTooLong: `邮箱不能超过${FIELD_MAX.email}个字符`,
  newsletterSwitch: '请选择是否订阅',
  newsletterNeedsEmail: '请先填写接收周刊的邮箱',
  newsletterOn: '已订阅 IT 周刊',
  newsletterOff: '已退订 IT 周刊',
  industryRequired: '请选择行业',
  positionRequired: '请选择职位',
  departmentRequired: '请选择部门',
  companyTooLong: `公司名称不能超过${FIELD_MAX.company}个字符`,
  addressTooLong: `地址不能超过${FIELD_MAX.address}个字符`,
  placeTooLong: `省市名称不能超过${FIELD_MAX.place}个字符`,
  companyPeopleInvalid: '请选择正确的企业规模',
  passwordRequired: '请输入密码',
  passwordLength: `密码长度为${PASSWORD_MIN}到${PASSWORD_MAX}个字符`,
  checkPassRequired: '请再次输入密码',
  checkPassMismatch: '两次输入的密码不一致',
  /** Register: privacy statement not ticked. */
  agreement: '请阅读协议并勾选',
  codeRequired: '请输入验证码',
  newPasswordRequired: '请输入新密码',
  /** Send-code button pressed with no phone number. */
  phoneFirst: '请先输入手机号',
  // profile
  avatarType: '头像只能是 PNG、JPG 或 JPEG 格式',
  avatarSize: '上传头像图片大小不能超过 3MB',
  /** Every image decode slot and queue place is taken (uploads answer 10503): try again shortly. */
  imageBusy: '图片处理繁忙，请稍后再试',
  /** The rich-text editor's image or video upload over EDITOR_UPLOAD_MAX_BYTES. */
  editorFileTooLarge: `上传文件大小不能超过 ${EDITOR_UPLOAD_MAX_BYTES / 1024 / 1024}MB`,
  // column article
  titleRequired: '请输入文章标题',
  titleTooLong: `标题不能超过${TITLE_MAX}个字符`,
  contentRequired: '请输入文章内容',
  contentTooLong: `文章内容不能超过${ARTICLE_CONTENT_MAX_BYTES / 1024 / 1024}MB`,
  contentTooDeep: `文章内容的标签嵌套不能超过${ARTICLE_MAX_NESTING}层`,
  channelRequired: '请选择频道',
  categoryRequired: '请选择分类',
  isPushRequired: '请选择是否推送',
  descriptionTooLong: `描述不能超过${FIELD_MAX.description}个字符`,
  keywordTooLong: `关键词不能超过${FIELD_MAX.keyword}个字符`,
  deleteConfirm: '此操作将删除该任务，是否继续？',
  // white papers
  loginFirst: '请先登录',
  // vendor landing
  vendorMobileRequired: '请输入手机号',
  vendorMobileInvalid: '请输入正确的手机号',
  nameRequired: '姓名不能为空',
  vendorEmailInvalid: '请输入正确的邮箱地址',
  companyRequired: '公司不能为空',
  jobRequired: '职位不能为空',
  deptRequired: '部门不能为空',
  personTooLong: `内容不能超过${FIELD_MAX.person}个字符`,
  meetNameTooLong: `活动名称不能超过${FIELD_MAX.meetName}个字符`,
  surveyTooLong: `问卷内容不能超过${FIELD_MAX.surveyJson}个字符`,
  vendorAgreement: '请查看协议并勾选',
  // dynamic activity form
  formPrivacy: '请勾选授权协议',
  formTextTooLong: `内容不能超过${FIELD_MAX.formText}个字符`,
  activityClosed: ERROR_MESSAGES[ErrorCode.ActivityClosed],
  // session and lists
  sessionExpired: ERROR_MESSAGES[ErrorCode.SessionInvalid],
  bottomReached: '到底了',
  /** SMS button label after the countdown. */
  getAgain: '重新获取',
  // complaints (举报, issue 26)
  complaintReasonRequired: '请选择举报原因',
  complaintDescriptionRequired: '请填写举报说明',
  complaintDescriptionTooLong: `举报说明不能超过${COMPLAINT_LIMITS.description}个字符`,
  complaintContactTooLong: `联系方式不能超过${COMPLAINT_LIMITS.contact}个字符`,
  complaintUrlRequired: '举报页面不能为空',
  /** complaint_add: the page is not on this site's public origins. */
  complaintUrlOffSite: '只能举报本站的页面',
  complaintSent: '举报已提交，我们会尽快处理',
  // answers of the API's calls that the pages also show (issue 24: written once)
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  registered: '注册成功，请登录',
  passwordReset: '密码已重置，请重新登录',
  saved: '保存成功',
  deleted: '删除成功',
  submitted: '提交成功',
  subscribed: '订阅成功',
  uploaded: '上传成功',
  columnNotApplied: '您还没有申请专栏',
  columnPending: '您的专栏申请正在审核中，请耐心等待',
  columnOpened: '您的专栏已开通',
  /** A rejected application whose editor gave no reason. */
  columnRejected: '您的专栏申请未通过',
  loginLimited: '登录失败次数过多，请稍后再试',
  /** The slider check's proof was wrong, or too old. */
  dragFailed: '滑块验证失败，请重新验证',
  dragExpired: '滑块验证已失效，请重新验证',
  dragRequired: ERROR_MESSAGES[ErrorCode.DragVerifyFailed],
  /** Vendor pages: a call that needs the phone login (user_id) came without it. */
  vendorLoginFirst: '请先使用手机号登录',
  articleNotFound: '文章不存在',
  categoryNotFound: '栏目不存在',
  paperNotFound: '白皮书不存在',
  idInvalid: '编号不正确',
  statusInvalid: '状态不正确',
  titleInvalid: '标题不正确',
  bodyTooLarge: '请求内容过大',
  pageNotFound: '页面不存在',
  /** A page whose data source is down (the gateway's and the feeds' 503). */
  serviceUnavailable: '服务暂不可用，请稍后再试',
  /** The gateway's overload page (503 + Retry-After): more readers than it can render at once. */
  pagesBusy: '当前访问人数较多，页面暂时无法显示，请稍后刷新重试',
} as const;

/**
 * Interface texts (headings, labels, button states, placeholders) that several files show: the
 * same words on both sites, or on a site and in the back office, written once.
 */
export const TEXT = {
  submitting: '提交中…',
  loggingIn: '登录中…',
  loading: '加载中…',
  logout: '退出登录',
  memberLogin: '会员登录',
  basicInfo: '基本信息',
  searchKeywords: '搜索关键词',
  dragVerify: '滑块验证',
  prevNext: '上一篇和下一篇',
  latestNews: '最新资讯',
  hotNews: '热门资讯',
  recommended: '推荐阅读',
  policy: '政策解读',
  itReport: 'IT周报',
  joinUs: '加入我们',
  // a member's column articles
  editArticle: '编辑文章',
  articleTitle: '文章标题',
  reviewStatus: '审核状态',
  submitForReview: '提交审核',
  keywordsHint: '多个关键词用逗号分隔',
  memberId: '会员编号',
  submittedAt: '提交时间',
  columnArticle: '专栏文章',
  columnApplication: '专栏申请',
  /** The editor's reason for a rejected column application or article. */
  refusal: '未通过原因',
  articleId: '文章编号',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  // the back office's labels that the API's exports and mails repeat
  activityId: '活动编号',
  issueNews: '本期要闻',
  featuredTopics: '精选专题',
  complaintPage: '举报页面',
  displayName: '显示名称',
  allowsInput: '可填写补充',
  privacyTerms: '隐私条款',
} as const;

/** Dynamic form: a required field left empty. */
export const requiredMsg = (label: string): string => `${label}不能为空`;

/** A text longer than its field allows (an entity field without a message of its own). */
export const tooLongMsg = (label: string, max: number): string => `${label}不能超过${max}个字符`;

/** A text shorter than its field allows (a back-office password: `min` characters). */
export const tooShortMsg = (label: string, min: number): string => `${label}至少 ${min} 位`;

/** A list with more entries than its field allows. */
export const tooManyMsg = (label: string, max: number): string => `${label}最多 ${max} 项`;

/** Something other than text where text belongs (a call's payload: an object, a list). */
export const notTextMsg = (label: string): string => `${label}必须是文本`;

/** A value of the wrong form (an entity field without a message of its own). */
export const invalidMsg = (label: string): string => `${label}格式不正确`;

/** A write refused for `block` sensitive words (code SensitiveWords): names what to change. */
export const sensitiveWordsMsg = (words: readonly string[]): string =>
  words.length === 0
    ? ERROR_MESSAGES[ErrorCode.SensitiveWords]
    : `内容含有敏感词${words.map((w) => `「${w}」`).join('')}，请修改后再提交`;
