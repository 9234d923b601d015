import type { ReactNode } from "react";
import { MAP } from "~/domain/store/map";
import type { MapView, StaticMapModel } from "~/domain/store/static-map";
import { storePath } from "~/domain/store/store";

export interface StaticMapProps {
  model: StaticMapModel;
  /** The tile images' addresses, in the order of `model.tiles`. */
  tileHrefs: string[];
  names: Record<string, string>;
  label: string;
  /** A cluster's link: the same page at the zoom where it falls apart; null draws it without a link. */
  viewHref: ((view: MapView) => string) | null;
  clusterLabel: (count: number) => string;
  attribution: ReactNode;
  className?: string;
  /** The store whose page this is: its pin stands out. */
  current?: string;
}

const R = MAP.iconSize / 2;

/**
 * The map as one server-drawn SVG picture (docs/decisions/0022-store-map.md): tiles, clusters that
 * link to a closer view, and store pins that link to the store's page. It needs no JavaScript.
 */
export function StaticMap({
  model,
  tileHrefs,
  names,
  label,
  viewHref,
  clusterLabel,
  attribution,
  className,
  current,
}: StaticMapProps) {
  const { width, height } = model;
  return (
    <figure className={`static-map ${className ?? ""}`}>
      <svg viewBox={`0 0 ${width} ${height}`} aria-label={label} className="static-map-picture">
        <g className="map-tiles">
          {model.tiles.map((t, i) => (
            // Two pixels of overlap hide the seams that smoothing leaves between neighbouring tiles.
            <image
              key={`${t.x}-${t.y}`}
              href={tileHrefs[i]}
              x={t.left}
              y={t.top}
              width={MAP.tileSize + 2}
              height={MAP.tileSize + 2}
            />
          ))}
        </g>
        <g stroke={MAP.spiderLeg.color} strokeWidth={MAP.spiderLeg.weight} strokeOpacity={MAP.spiderLeg.opacity}>
          {model.legs.map((l) => (
            <line key={`${l.x2}-${l.y2}`} {...l} />
          ))}
        </g>
        {model.clusters.map((c) =>
          viewHref ? (
            <a key={c.key} href={viewHref(c.zoomTo)} aria-label={clusterLabel(c.count)}>
              <ClusterIcon cluster={c} />
            </a>
          ) : (
            <ClusterIcon key={c.key} cluster={c} />
          ),
        )}
        {model.stores.map((s) => (
          <a
            key={s.id}
            href={storePath(s.id)}
            aria-label={names[s.id] ?? s.id}
            aria-current={s.id === current ? "page" : undefined}
          >
            <g
              className={s.id === current ? "map-pin map-pin-current" : "map-pin"}
              transform={`translate(${s.x} ${s.y})`}
            >
              <path d="M0 0 C-4 -9 -14 -14 -14 -24 A14 14 0 1 1 14 -24 C14 -14 4 -9 0 0 Z" />
              <circle cy={-24} r={5} className="map-pin-dot" />
            </g>
          </a>
        ))}
      </svg>
      <figcaption className="map-attribution">{attribution}</figcaption>
    </figure>
  );
}

function ClusterIcon({ cluster }: { cluster: StaticMapModel["clusters"][number] }) {
  return (
    <g className={`map-cluster map-cluster-${cluster.size}`} transform={`translate(${cluster.x} ${cluster.y})`}>
      <circle r={R} />
      <circle r={R - 5} className="map-cluster-core" />
      <text dy="0.35em" textAnchor="middle">
        {cluster.count}
      </text>
    </g>
  );
}
