import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default themes, made to fit a 1280 px screen: its layout is at least as wide as
 * its content (`minWidth: fit-content`), so one long id (a stream, a hash) widened the whole page.
 * Here the content takes the width it is given and table cells break long words instead.
 */
function fitting(base: RaThemeOptions): RaThemeOptions {
  return {
    ...base,
    components: {
      ...base.components,
      RaLayout: {
        styleOverrides: {
          root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } },
        },
      },
      MuiTableCell: {
        styleOverrides: {
          root: {
            ...(base.components?.MuiTableCell?.styleOverrides?.root as object),
            overflowWrap: 'anywhere',
          },
        },
      },
    },
  };
}

export const lightTheme = fitting(defaultLightTheme);
export const darkTheme = fitting(defaultDarkTheme);
