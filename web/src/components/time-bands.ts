import type { IChartApiBase, IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter, Time } from 'lightweight-charts';

/** A stretch of time shaded behind a line (a drawdown period), both ends included. */
export interface TimeBand {
  from: Time;
  to: Time;
}

type RenderingTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/**
 * Shades stretches of time across the whole height of a series' pane, behind
 * every series: lightweight-charts has no time-range drawing of its own, so
 * this primitive converts the band ends to x coordinates whenever the view
 * changes and fills those columns. The ends must be times of the series' data.
 */
export class TimeBandsPrimitive implements ISeriesPrimitive<Time> {
  private chart?: IChartApiBase<Time>;
  private spans: { left: number; right: number }[] = [];
  private readonly view: IPrimitivePaneView;

  constructor(
    private readonly bands: TimeBand[],
    private readonly color: string,
  ) {
    const renderer: IPrimitivePaneRenderer = {
      draw: () => undefined,
      drawBackground: (target: RenderingTarget) =>
        target.useBitmapCoordinateSpace(({ context, bitmapSize, horizontalPixelRatio }) => {
          context.fillStyle = this.color;
          for (const { left, right } of this.spans)
            context.fillRect(Math.round(left * horizontalPixelRatio), 0, Math.max(1, Math.round((right - left) * horizontalPixelRatio)), bitmapSize.height);
        }),
    };
    this.view = { zOrder: () => 'bottom', renderer: () => renderer };
  }

  attached({ chart }: SeriesAttachedParameter<Time>): void {
    this.chart = chart;
  }

  detached(): void {
    this.chart = undefined;
  }

  updateAllViews(): void {
    const scale = this.chart?.timeScale();
    if (!scale) return;
    this.spans = this.bands.flatMap((band) => {
      const left = scale.timeToCoordinate(band.from);
      const right = scale.timeToCoordinate(band.to);
      return left === null || right === null ? [] : [{ left, right }];
    });
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }
}
