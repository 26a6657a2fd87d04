/** Delivered out of valid, as a whole percent rounded down (100 only once all are delivered; 0 when nobody is to be written to). */
export const campaignProgress = (delivered: number, valid: number) =>
  valid > 0 ? Math.min(100, Math.floor((delivered / valid) * 100)) : 0;
