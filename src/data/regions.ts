/** The five sales regions of SPEC 3; every county of the Croatia map belongs to exactly one. */
export type RegionId = 1 | 2 | 3 | 4 | 5;

export interface Region {
  regionId: RegionId;
  regionName: string;
}

export const regions: readonly Region[] = [
  { regionId: 1, regionName: 'Središnja Hrvatska' },
  { regionId: 2, regionName: 'Slavonija' },
  { regionId: 3, regionName: 'Istra i Rijeka' },
  { regionId: 4, regionName: 'Sjeverna Dalmacija' },
  { regionId: 5, regionName: 'Južna Dalmacija' },
];
