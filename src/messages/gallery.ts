/** SPEC 2 "Gallery". */
export const galleryMessages = {
  title: 'Galerija fotografija prethodnih tečajeva',
  lead: 'Fotografije s tečajeva i radionica koje smo organizirali s našim partnerima. Odaberite fotografiju za prikaz u punoj veličini.',
  backToCourses: 'Natrag na tečajeve',
  /** 1 fotografija, 2-4 fotografije, 5 fotografija, 22 fotografije... */
  photoCount: (count: number) =>
    [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100)
      ? `${count} fotografije`
      : `${count} fotografija`,
} as const;
