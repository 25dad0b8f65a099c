/**
 * A template names its icon by MUI icon name (`MenuBook`) from the catalogue in core (`TEMPLATE_ICONS`; the checker
 * refuses other names). Importing all of @mui/icons-material would put thousands of icons into the bundle, so exactly
 * the catalogue's icons are imported here; a name from before the catalogue (a stored version) falls back to a neutral
 * document icon instead of failing.
 */
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import Article from '@mui/icons-material/Article';
import AutoStories from '@mui/icons-material/AutoStories';
import Badge from '@mui/icons-material/Badge';
import Book from '@mui/icons-material/Book';
import Calculate from '@mui/icons-material/Calculate';
import Description from '@mui/icons-material/Description';
import Factory from '@mui/icons-material/Factory';
import Inventory2 from '@mui/icons-material/Inventory2';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MenuBook from '@mui/icons-material/MenuBook';
import Print from '@mui/icons-material/Print';
import Science from '@mui/icons-material/Science';
import Wallpaper from '@mui/icons-material/Wallpaper';
import Bolt from '@mui/icons-material/Bolt';
import Business from '@mui/icons-material/Business';
import Flight from '@mui/icons-material/Flight';
import Forest from '@mui/icons-material/Forest';
import Newspaper from '@mui/icons-material/Newspaper';
import Mail from '@mui/icons-material/Mail';
import Label from '@mui/icons-material/Label';
import CardGiftcard from '@mui/icons-material/CardGiftcard';
import Event from '@mui/icons-material/Event';
import CropPortrait from '@mui/icons-material/CropPortrait';
import Email from '@mui/icons-material/Email';
import { isTemplateIcon, type TemplateIconName } from '../../core/template';

const ICONS: Record<TemplateIconName, ComponentType<SvgIconProps>> = {
  Article,
  AutoStories,
  Badge,
  Book,
  Bolt,
  Business,
  Calculate,
  CardGiftcard,
  CropPortrait,
  Description,
  Email,
  Event,
  Factory,
  Flight,
  Forest,
  Inventory2,
  Label,
  LocalShipping,
  Mail,
  MenuBook,
  Newspaper,
  Print,
  Science,
  Wallpaper,
};

export function templateIconComponent(name: string | undefined): ComponentType<SvgIconProps> {
  return isTemplateIcon(name) ? ICONS[name] : Description;
}

export const TemplateIcon = ({ name, ...props }: { name: string | undefined } & SvgIconProps) => {
  const Icon = templateIconComponent(name);
  return <Icon data-icon={name} {...props} />;
};
