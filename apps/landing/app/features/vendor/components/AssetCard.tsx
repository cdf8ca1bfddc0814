import type { VendorAsset } from '@portal/api-client';

export interface AssetCardProps {
  asset: VendorAsset;
  onOpen: (asset: VendorAsset) => void;
}

const KIND_LABEL: Record<VendorAsset['kind'], string> = { pdf: 'PDF 报告', video: '视频' };
const ACTION_LABEL: Record<VendorAsset['kind'], string> = { pdf: '立即阅读', video: '立即观看' };

/** A gated report or video: the whole card is one button that runs the login gate. */
export function AssetCard({ asset, onOpen }: AssetCardProps) {
  return (
    <button
      type="button"
      className={`lp-asset lp-asset--${asset.kind}`}
      onClick={() => onOpen(asset)}
      data-asset={asset.title}
    >
      <span className="lp-asset__media">
        {asset.thumb ? <img src={asset.thumb} alt="" loading="lazy" /> : null}
        <span className="lp-asset__badge">{KIND_LABEL[asset.kind]}</span>
        {asset.kind === 'video' ? <span className="lp-asset__play" aria-hidden="true" /> : null}
      </span>
      <span className="lp-asset__body">
        <span className="lp-asset__title">{asset.title}</span>
        {asset.description ? <span className="lp-asset__desc">{asset.description}</span> : null}
        <span className="lp-asset__action">
          {ACTION_LABEL[asset.kind]}
          <span aria-hidden="true"> →</span>
        </span>
      </span>
    </button>
  );
}
