/** What every line chart's layout has: the viewBox, the plot's horizontal extent, the labelled ticks and the sentence that says what it shows. */
export type ChartFrame = {
  width: number;
  height: number;
  plotLeft: number;
  plotRight: number;
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
  summary: string;
};
