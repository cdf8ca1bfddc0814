import { COOKIE, COOKIE_CONSENT_DAYS, STORAGE_KEY } from '@portal/api-client/constants';
import { href } from '@portal/routes';

/** The date this statement last changed; update it with the text. */
export const PRIVACY_UPDATED = '2026年11月25日';

interface Section {
  id: string;
  title: string;
  body: React.ReactNode;
}

const code = (text: string) => <code className="ui-privacy__code">{text}</code>;

/*
 * The statement describes what the portal really stores. Cookie and storage names come from
 * @portal/api-client/constants; the retention periods below restate the API's rules (member
 * session 7 days in routes/member, SMS codes valid 10 minutes and deleted after 2 days in
 * routes/member/sms.ts): change this text when those change.
 */
const SECTIONS: Section[] = [
  {
    id: 'cookies',
    title: '一、Cookie',
    body: (
      <>
        <p>本站只使用两个 Cookie，均不用于广告或跨站追踪：</p>
        <ul>
          <li>
            {code(COOKIE.viewportWidth)}
            ：记录您浏览器窗口的宽度（数字），用于决定展示电脑版还是手机版页面。它随每次请求发送，不含任何身份信息。
          </li>
          <li>
            {code(COOKIE.consent)}：记录您在 Cookie 提示中选择“允许”或“拒绝”，保存{COOKIE_CONSENT_DAYS}
            天，期间不再重复提示。
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'storage',
    title: '二、浏览器本地存储',
    body: (
      <ul>
        <li>
          本地存储 {code(STORAGE_KEY.member)}
          ：登录后保存会员编号、用户名、头像和登录凭证（stoken），用于保持登录状态；退出登录或凭证失效时删除。
        </li>
        <li>
          本地存储 {code(STORAGE_KEY.pageViews)}
          ：记录您最近阅读的文章编号和时间（最多200篇），仅用于避免短时间内重复计算浏览量。
        </li>
        <li>
          会话存储 {code(STORAGE_KEY.vendorUser)}
          ：在厂商活动页用手机号验证后保存的访客编号，关闭标签页即消失。
        </li>
      </ul>
    ),
  },
  {
    id: 'member',
    title: '三、会员信息',
    body: (
      <p>
        注册会员时，我们保存您填写的用户名、手机号、邮箱、公司、行业、职位、部门、省市、地址和公司规模，以及头像和您撰写的专栏文章。密码只以不可逆的加密摘要保存。登录凭证在服务器上只保存摘要，有效期7天。
      </p>
    ),
  },
  {
    id: 'leads',
    title: '四、活动报名与厂商资料下载',
    body: (
      <p>
        您在活动报名表或厂商活动页提交的姓名、手机号、邮箱、公司、部门、职位及问卷回答，会保存并提供给该活动的主办方或厂商，用于活动联络与资料服务。厂商活动页还会记录您打开了哪份资料及时间。提交前，表单会请您阅读并勾选相应的协议。
      </p>
    ),
  },
  {
    id: 'logs',
    title: '五、浏览记录',
    body: (
      <p>
        我们统计每篇文章的浏览次数，只累计数量，不记录是谁浏览。为防止滥用，服务器会短时记录访问的 IP
        地址用于频率限制。
      </p>
    ),
  },
  {
    id: 'sms',
    title: '六、短信验证码',
    body: (
      <p>
        注册、登录厂商活动页或找回密码时，我们向您的手机号发送验证码。服务器保存手机号和验证码的加密摘要，验证码10分钟内有效，相关记录2天后删除。
      </p>
    ),
  },
  {
    id: 'uploads',
    title: '七、上传的文件',
    body: (
      <p>
        您上传的头像和专栏文章中的图片、附件保存在本站服务器上，并通过公开地址展示。请勿上传含有他人个人信息的文件。付费白皮书仅向登录会员提供。
      </p>
    ),
  },
  {
    id: 'retention',
    title: '八、保存期限',
    body: (
      <p>
        会员信息在账号存续期间保存，注销后删除；活动报名、厂商资料下载及打开记录保存至您要求删除或主办方不再需要为止；登录凭证7天后失效；验证码记录2天后删除；Cookie
        提示的选择保存{COOKIE_CONSENT_DAYS}天。法律法规另有规定的，从其规定。
      </p>
    ),
  },
  {
    id: 'rights',
    title: '九、您的权利',
    body: (
      <p>
        依据《中华人民共和国个人信息保护法》，您有权查阅、复制、更正、补充和删除您的个人信息，有权撤回同意、注销账号。您可以在会员中心修改个人资料；清除浏览器的
        Cookie 和本地存储即可删除上述浏览器中的数据；其他请求请与我们联系，我们将在15个工作日内答复。
      </p>
    ),
  },
  {
    id: 'contact',
    title: '十、联系我们',
    body: (
      <p>
        如对本声明或您的个人信息有任何疑问，请通过<a href={href.about('contact')}>“关于我们”页面</a>
        公布的地址与我们联系。
      </p>
    ),
  },
];

/** The privacy statement (spec: the cookie banner links to it); the same text on desktop and mobile. */
export function PrivacyStatement() {
  return (
    <article className="ui-privacy">
      <h1 className="ui-privacy__title">隐私声明</h1>
      <p className="ui-privacy__updated">更新日期：{PRIVACY_UPDATED}</p>
      <p>
        本站尊重并保护每一位读者和会员的个人信息。本声明说明我们在浏览器和服务器上保存哪些信息、为什么保存、保存多久，以及您如何行使自己的权利。
      </p>
      <nav className="ui-privacy__toc" aria-label="目录">
        {SECTIONS.map((s) => (
          <a key={s.id} href={`#${s.id}`}>
            {s.title}
          </a>
        ))}
      </nav>
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} className="ui-privacy__section">
          <h2>{s.title}</h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
