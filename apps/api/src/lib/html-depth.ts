import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** Elements with no end tag (htmlparser2's list): they never deepen the tree. */
const VOID_TAGS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/**
 * Whether the elements of `html` nest deeper than `limit`, in linear time. htmlparser2's Parser
 * (under sanitize-html) keeps its stack of open elements with Array.unshift and searches it on every
 * end tag, so its cost grows with depth × tags: 768 KB of '<b>' took three minutes. This runs only
 * its Tokenizer (linear) and keeps a stack bounded by `limit`, closing elements as the Parser does
 * (an end tag closes up to the latest open element of its name, and is ignored when none is open).
 * Where the Parser also closes elements implicitly (<li><li>…) they count as still open here, which
 * can only overstate the depth.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  const open: string[] = [];
  let pending = '';
  let tooDeep = false;
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const openPending = () => {
    if (pending && !VOID_TAGS.has(pending) && !tooDeep) {
      open.push(pending);
      tooDeep = open.length > limit;
    }
    pending = '';
  };
  const ignore = () => undefined;
  const callbacks: TokenizerCallbacks = {
    onopentagname: (start, end) => {
      pending = name(start, end);
    },
    onopentagend: openPending,
    // In HTML, '<b/>' still opens a <b>.
    onselfclosingtag: openPending,
    onclosetag: (start, end) => {
      if (tooDeep) return;
      // The stack never holds more than `limit` names, so this search is bounded.
      const at = open.lastIndexOf(name(start, end));
      if (at !== -1) open.length = at;
    },
    onattribdata: ignore,
    onattribentity: ignore,
    onattribend: ignore,
    onattribname: ignore,
    oncdata: ignore,
    oncomment: ignore,
    ondeclaration: ignore,
    onend: ignore,
    onprocessinginstruction: ignore,
    ontext: ignore,
    ontextentity: ignore,
  };
  const tokenizer = new Tokenizer({ decodeEntities: false }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return tooDeep;
}
