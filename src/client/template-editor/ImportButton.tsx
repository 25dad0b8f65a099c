/** Picks a template JSON file and hands over its text (checked in the editor, not yet saved). */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';

export const ImportButton = ({ onText }: { onText: (text: string, fileName: string) => void }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} data-testid="template-import">
        {translate('templateEditor.actions.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="template-import-input"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onText(await file.text(), file.name);
        }}
      />
    </>
  );
};
