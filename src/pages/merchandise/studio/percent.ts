/** A fraction of the image as the readouts and announcements say it: 0.4567 is "45.7%". */
export const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
