import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { LoginFrame } from './LoginFrame';
import { ShellServices } from './ShellServices';

/** The sign-in pages' frame inside the app. */
export const LoginLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <LoginFrame
      title={title}
      tagline={translate('app.tagline')}
      languageMenu={<LanguageMenu />}
      services={<ShellServices pageTitle={title} />}
    >
      {children}
    </LoginFrame>
  );
};
