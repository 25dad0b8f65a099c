import { ProgressBar } from '../shell/progress/ProgressBar';
import { RestoreWarning } from '../shell/persistence/RestoreWarning';
import { DocumentTitle } from './DocumentTitle';

/** What every layout carries besides its visible frame: title, progress bar, the local-profile warning. */
export const ShellServices = () => (
  <>
    <DocumentTitle />
    <ProgressBar />
    <RestoreWarning />
  </>
);
