/** Downloads the protocol as CSV with the list's current filters and sort (the server renders it in the user's language). */
import { useListContext } from 'react-admin';
import { DownloadButton } from '../shell/download/DownloadButton';

export function exportUrl(filter: object, sort: { field: string; order: string }): string {
  const params = new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify([sort.field, sort.order]),
    // The file's times in the reader's zone, each with its offset (the server cannot know the zone).
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  return `/protocol/export.csv?${params.toString()}`;
}

export const ProtocolExportButton = () => {
  const { filterValues, sort } = useListContext();
  return (
    <DownloadButton
      path={() => exportUrl(filterValues, sort)}
      fileName="protocol.csv"
      label="protocol.export.button"
      failedMessage="protocol.export.failed"
    />
  );
};
