import { ProgressBar } from '../shell/progress/ProgressBar';
import { RestoreWarning } from '../shell/persistence/RestoreWarning';
import { DocumentTitle } from './DocumentTitle';

/**
 * What every layout carries besides its visible frame: title, progress bar, the local-profile warning.
 * `pageTitle`: the page's name where the layout shows it itself (else the app bar's title names the page).
 */
export const ShellServices = ({ pageTitle }: { pageTitle?: string }) => (
  <>
    <DocumentTitle page={pageTitle} />
    <ProgressBar />
    <RestoreWarning />
  </>
);
