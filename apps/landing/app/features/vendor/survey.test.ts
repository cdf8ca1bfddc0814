import { describe, expect, it } from 'vitest';
import { SURVEY_QUESTIONS, VENDOR_2025_MEET_ID } from '@portal/api-client/constants';
import { meetIdForPath, meetPayload } from './meets';
import { surveyAnswers } from './survey';

describe('vendor survey answers', () => {
  it('gives one {title, answer} per question, challenges in survey order with the 其他 text', () => {
    const answers = surveyAnswers({
      answers: ['是', '', '4–6个月', '决策者'],
      challenges: ['其他', '集成CRM'],
      challengeOther: ' 多系统对账 ',
    });
    expect(answers.map((a) => a.title)).toEqual(SURVEY_QUESTIONS.map((q) => q.title));
    expect(answers.map((a) => a.answer)).toEqual(['是', '集成CRM、其他：多系统对账', '4–6个月', '决策者']);
  });

  it('leaves unanswered questions empty (the survey is optional)', () => {
    const answers = surveyAnswers({ answers: ['', '', '', ''], challenges: [], challengeOther: 'ignored' });
    expect(answers.every((a) => a.answer === '')).toBe(true);
  });
});

describe('vendor meets by path', () => {
  it('maps /vendor to meet 0 and /vendor2025 to the 2025 meet; only a numbered meet is sent', () => {
    expect(meetIdForPath('/vendor')).toBe(0);
    expect(meetIdForPath('/vendor2025')).toBe(VENDOR_2025_MEET_ID);
    expect(meetIdForPath('/vendor2025/')).toBe(VENDOR_2025_MEET_ID);
    expect(meetPayload(0)).toEqual({});
    expect(meetPayload(VENDOR_2025_MEET_ID)).toEqual({ meet_id: 1 });
  });
});
