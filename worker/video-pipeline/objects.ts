/**
 * Where Rovers TV's video objects live in the MEDIA bucket, beside the photo library's
 * originals/ and derived/: each uploaded file under sources/{source id}, each transcode's output
 * under vod/{source id}/{job id}/ (a new job writes a new prefix, so a served URL's bytes never
 * change and a half-written retry never mixes with a finished one).
 */
export const sourceKey = (sourceId: string) => `sources/${sourceId}`;
export const outputPrefix = (sourceId: string, jobId: string) => `vod/${sourceId}/${jobId}/`;
