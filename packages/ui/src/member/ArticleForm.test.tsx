// @vitest-environment jsdom
import { useEffect, useRef } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '@portal/api-client';
import { MSG } from '@portal/api-client/messages';
import { ArticleForm } from './ArticleForm';

/**
 * wangEditor stands in as a contenteditable that does what the real one does when it is created:
 * it reports its empty document and takes the focus (blurring the field the dialog focused).
 */
vi.mock('./RichEditor', () => ({
  default: function FakeEditor({ onChange }: { onChange: (html: string) => void }) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      onChange('<p><br></p>');
      ref.current?.focus();
      // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on creation
    }, []);
    return <div ref={ref} tabIndex={-1} contentEditable data-testid="editor" />;
  },
}));

afterEach(cleanup);

function renderForm() {
  const api = { space_category: vi.fn(async () => ({ code: 0, msg: '', data: [] })) } as unknown as Api;
  return render(
    <ArticleForm
      getApi={async () => api}
      article={null}
      channels={[{ id: 1, name: '频道' }]}
      onError={() => {}}
      onSaved={() => {}}
      className="form"
      editor={{ mode: 'simple', className: 'editor' }}
      actions={({ submit }) => (
        <button type="button" onClick={() => submit(false)}>
          提交审核
        </button>
      )}
    />,
  );
}

describe('ArticleForm (column article dialog)', () => {
  it('shows no error when it opens, only after a submit', async () => {
    renderForm();
    // The dialog focuses the first field; the editor then takes the focus when it is created.
    act(() => screen.getByPlaceholderText('请输入标题').focus());
    await screen.findByTestId('editor', {}, { timeout: 20_000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('editor')));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(MSG.titleRequired)).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText(MSG.titleRequired)).toBeTruthy();
  }, 30_000);
});
