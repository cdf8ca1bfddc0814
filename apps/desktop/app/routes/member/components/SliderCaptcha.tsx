import { useCallback } from 'react';
import type { Api } from '@portal/api-client';
import { isOk } from '@portal/api-client/envelope';
import { SliderCaptcha as Slider } from '@portal/ui/slider-captcha';

/** The shared slider (@portal/ui/slider-captcha) on the members' drag_captcha. */
export function SliderCaptcha({
  getApi,
  onChange,
  resetKey,
}: {
  getApi: () => Promise<Api>;
  onChange: (proof: string | null) => void;
  resetKey: number;
}) {
  const load = useCallback(async () => {
    const res = await (await getApi()).drag_captcha({});
    return isOk(res) ? res.data : null;
  }, [getApi]);
  return <Slider load={load} onChange={onChange} resetKey={resetKey} />;
}
