import { SURVEY_CHALLENGES_INDEX, SURVEY_QUESTIONS } from '@portal/api-client/constants';
import type { VENDOR_CONSENT_COUNT } from '@portal/api-client/schemas';

/** The choice of the challenges question that reveals a free-text field. */
export const OTHER_CHOICE = '其他';
/** The three consent boxes of the registration form (spec section 5). */
export const CONSENTS = [
  '我已阅读并同意《隐私声明》，同意主办方按声明处理我的个人信息',
  '我同意接收主办方发送的产品资讯、活动邀请及行业报告',
  '我同意主办方将我的注册信息提供给本次活动的合作伙伴，用于联系与服务',
] as const satisfies { length: typeof VENDOR_CONSENT_COUNT };

export interface SurveyValues {
  /** Single answers by question index (the challenges question uses `challenges`). */
  answers: string[];
  challenges: string[];
  challengeOther: string;
}

/** The question JSON of vendor_register: [{title, answer}] for the four survey questions. */
export function surveyAnswers(values: SurveyValues): { title: string; answer: string }[] {
  return SURVEY_QUESTIONS.map((q, i) => {
    if (i !== SURVEY_CHALLENGES_INDEX) return { title: q.title, answer: values.answers[i] ?? '' };
    // Keep the survey's order, and put the typed text after 其他.
    const picked = q.choices.filter((c) => values.challenges.includes(c));
    const answer = picked
      .map((c) =>
        c === OTHER_CHOICE && values.challengeOther.trim() ? `${c}：${values.challengeOther.trim()}` : c,
      )
      .join('、');
    return { title: q.title, answer };
  });
}
