import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default themes, made to fit a 1280 px screen: its layout is at least as wide as
 * its content (`minWidth: fit-content`), so one long id (a stream, a hash) widened the whole page.
 * Here the content takes the width it is given. A table cell wraps a word only when it cannot fit
 * (`break-word` leaves the column's minimum width at its longest word, so words, numbers and dates
 * stay whole); the columns that hold long ids (streams, Stripe ids, email addresses) say so with
 * `breakable`, which lets them give up that width.
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
            overflowWrap: 'break-word',
          },
        },
      },
    },
  };
}

export const lightTheme = fitting(defaultLightTheme);
export const darkTheme = fitting(defaultDarkTheme);

/** For a table column of long ids or addresses: they may break anywhere, so the table fits. */
export const breakable = { overflowWrap: 'anywhere' } as const;
