import { useState, type MouseEvent } from 'react';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import PersonIcon from '@mui/icons-material/Person';
import { Link } from 'react-router-dom';
import { Logout, useGetIdentity, useTranslate } from 'react-admin';

/** The app bar's user menu: who is signed in, the profile, sign out. */
export const UserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        data-testid="user-menu"
        aria-label={
          identity?.fullName
            ? `${translate('app.user_menu.label')}: ${identity.fullName}`
            : translate('app.user_menu.label')
        }
        aria-haspopup="menu"
        aria-controls={open ? 'kontor-user-menu' : undefined}
        aria-expanded={open}
        startIcon={<AccountCircleIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {/* The name only where there is room: on a phone the icon (the accessible name keeps it). */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {identity?.fullName ?? ''}
        </Box>
      </Button>
      <Menu id="kontor-user-menu" anchorEl={anchor} open={open} onClose={close} disableScrollLock>
        <MenuItem component={Link} to="/profile" onClick={close} data-testid="profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.menu.profile')}</ListItemText>
        </MenuItem>
        {/* no onClick here: it would replace the sign-out handler */}
        <Logout data-testid="logout" />
      </Menu>
    </>
  );
};
