import { createTheme } from '@mui/material/styles';
import { FileInputClasses } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dropZoneClass, withVisibleDropZones } from '../../../src/layout/dropZones';

describe('visible drop zones', () => {
  it("names react-admin's own drop zone class, so an upgrade that renames it fails here", () => {
    expect(dropZoneClass).toBe(FileInputClasses.dropZone);
  });

  it('styles the drop zone of both the file and the image input', () => {
    const theme = withVisibleDropZones(createTheme());
    for (const name of ['RaFileInput', 'RaImageInput'] as const) {
      const root = theme.components?.[name]?.styleOverrides?.root as Record<string, unknown>;
      expect(Object.keys(root)).toEqual([`& .${FileInputClasses.dropZone}`]);
    }
  });
});
