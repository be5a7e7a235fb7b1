/**
 * MIME types by file name extension. The reference takes a file's MIME type from its name (the
 * uploader's Content-Type never reaches it); unknown extensions have none of their own.
 */
const MIME_TYPES: ReadonlyMap<string, string> = new Map([
  ['pdf', 'application/pdf'],
  ['txt', 'text/plain'],
  ['log', 'text/plain'],
  ['md', 'text/markdown'],
  ['csv', 'text/csv'],
  ['html', 'text/html'],
  ['htm', 'text/html'],
  ['css', 'text/css'],
  ['js', 'application/javascript'],
  ['json', 'application/json'],
  ['xml', 'application/xml'],
  ['zip', 'application/zip'],
  ['gz', 'application/gzip'],
  ['tar', 'application/x-tar'],
  ['7z', 'application/x-7z-compressed'],
  ['rar', 'application/x-rar-compressed'],
  ['doc', 'application/msword'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xls', 'application/vnd.ms-excel'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt', 'application/vnd.ms-powerpoint'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['apk', 'application/vnd.android.package-archive'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['svg', 'image/svg+xml'],
  ['mp3', 'audio/mpeg'],
  ['m4a', 'audio/mp4'],
  ['aac', 'audio/aac'],
  ['flac', 'audio/flac'],
  ['ogg', 'audio/ogg'],
  ['oga', 'audio/ogg'],
  ['opus', 'audio/ogg'],
  ['wav', 'audio/x-wav'],
  ['mp4', 'video/mp4'],
  ['m4v', 'video/mp4'],
  ['webm', 'video/webm'],
  ['mov', 'video/quicktime'],
  ['mkv', 'video/x-matroska'],
  ['avi', 'video/x-msvideo'],
  ['3gp', 'video/3gpp'],
]);

/** The MIME type of a file name's extension (lower-cased, without the dot), if known. */
export function mimeTypeOfExtension(extension: string): string | undefined {
  return MIME_TYPES.get(extension.toLowerCase());
}
