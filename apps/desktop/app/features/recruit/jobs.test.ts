import { describe, expect, it } from 'vitest';
import { JOBS, jobAt } from './jobs';

describe('jobs', () => {
  it('has the four positions of the spec, all in 北京', () => {
    expect(JOBS.map((j) => j.title)).toEqual(['记者/编辑', '销售经理', '项目主管', '高级客户经理(AE)']);
    expect(JOBS.every((j) => j.city === '北京' && j.duties.length > 0 && j.requirements.length > 0)).toBe(
      true,
    );
  });

  it('finds ids 0..3 only', () => {
    expect(jobAt('0')?.title).toBe('记者/编辑');
    expect(jobAt('3')?.title).toBe('高级客户经理(AE)');
    for (const bad of [null, '4', '-1', '1.5', 'a', '01', '']) expect(jobAt(bad)).toBeUndefined();
  });
});
