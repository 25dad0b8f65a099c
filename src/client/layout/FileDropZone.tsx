/**
 * The dashed area a file is dropped on (react-dropzone), or clicked to choose one: one file, of the types `accept`
 * names. `children` is what the area shows; it learns whether a file is being dragged over it and how to open the
 * file chooser (for a button of its own when `clickable` is false).
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useDropzone, type Accept } from 'react-dropzone';

export const FileDropZone = ({
  accept,
  onFile,
  clickable = true,
  padding,
  inputProps,
  testId,
  children,
}: {
  accept: Accept;
  onFile: (file: File) => void;
  /** false: only dropping or the area's own button opens the chooser. */
  clickable?: boolean;
  padding: number;
  /** The file input's own attributes (its accessible name, a test id). */
  inputProps?: Record<string, string>;
  testId?: string;
  children: (state: { isDragActive: boolean; open: () => void }) => ReactNode;
}) => {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => {
      const file = files[0];
      if (file) onFile(file);
    },
    accept,
    multiple: false,
    noClick: !clickable,
  });
  return (
    <Box
      {...getRootProps()}
      data-testid={testId}
      sx={{
        border: '2px dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: padding,
        ...(clickable ? { cursor: 'pointer' } : {}),
        textAlign: 'center',
      }}
    >
      <input {...getInputProps()} {...inputProps} />
      {children({ isDragActive, open })}
    </Box>
  );
};
