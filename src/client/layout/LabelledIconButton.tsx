/**
 * A small icon button whose label is both its tooltip and its accessible name (the remove, move and row-action
 * buttons of the editors). `disabledReason` makes it switchable: the button sits in a span, so its tooltip still
 * shows while it is disabled, and then explains why.
 */
import { IconButton, Tooltip, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

export interface LabelledIconButtonProps {
  label: string;
  icon: ComponentType<SvgIconProps>;
  onClick: () => void;
  /** The accessible name when it must say more than the tooltip (which of several texts it removes). */
  ariaLabel?: string;
  /** null: enabled; a text: disabled, shown as the tooltip instead of the label. */
  disabledReason?: string | null;
  testId?: string;
}

export const LabelledIconButton = ({
  label,
  icon: Icon,
  onClick,
  ariaLabel = label,
  disabledReason,
  testId,
}: LabelledIconButtonProps) => {
  const button = (
    <IconButton
      size="small"
      aria-label={ariaLabel}
      disabled={disabledReason != null}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon fontSize="small" />
    </IconButton>
  );
  return (
    <Tooltip title={disabledReason ?? label}>{disabledReason === undefined ? button : <span>{button}</span>}</Tooltip>
  );
};
