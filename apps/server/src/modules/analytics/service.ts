/** The analytics module's face (decision 0049): the recorder of catalogue events and the reads of its counts. */
export { createAnalyticsRecorder, normaliseTerm, type AnalyticsRecorder } from './recorder.ts';
export { productViews, searchMisses } from './repository.ts';
