/**
 * A project's picture: its own image if it has one (served by Kontor, never a third-party host),
 * otherwise a local placeholder — a gradient in the type's colours with the type's icon.
 */
import type { ReactElement } from 'react';
import { Box } from '@mui/material';
import OutdoorGrillIcon from '@mui/icons-material/OutdoorGrill';
import AirIcon from '@mui/icons-material/Air';
import WaterIcon from '@mui/icons-material/Water';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import ForestIcon from '@mui/icons-material/Forest';
import CompostIcon from '@mui/icons-material/Compost';
import SpaIcon from '@mui/icons-material/Spa';
import type { OffsetProjectRecord, OffsetProjectType } from '../../core/api';

const LOOK: Record<OffsetProjectType, { icon: ReactElement; from: string; to: string }> = {
  cookstoves: { icon: <OutdoorGrillIcon fontSize="inherit" />, from: '#f4a261', to: '#e76f51' },
  wind: { icon: <AirIcon fontSize="inherit" />, from: '#8ecae6', to: '#219ebc' },
  hydro: { icon: <WaterIcon fontSize="inherit" />, from: '#48cae4', to: '#0077b6' },
  solar: { icon: <WbSunnyIcon fontSize="inherit" />, from: '#ffd166', to: '#f4a261' },
  forest: { icon: <ForestIcon fontSize="inherit" />, from: '#95d5b2', to: '#2d6a4f' },
  biogas: { icon: <CompostIcon fontSize="inherit" />, from: '#b5c99a', to: '#718355' },
  other: { icon: <SpaIcon fontSize="inherit" />, from: '#cdb4db', to: '#7b6d8d' },
};

export const ProjectImage = ({
  project,
  height = 140,
}: {
  project: Pick<OffsetProjectRecord, 'project_type' | 'image_url'>;
  height?: number;
}) => {
  const look = LOOK[project.project_type] ?? LOOK.other;
  if (project.image_url) {
    return (
      <Box
        component="img"
        src={project.image_url}
        alt=""
        sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      data-testid="project-placeholder-image"
      sx={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'rgba(255,255,255,0.92)',
        fontSize: height * 0.45,
        background: `linear-gradient(135deg, ${look.from}, ${look.to})`,
      }}
    >
      {look.icon}
    </Box>
  );
};
