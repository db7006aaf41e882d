/* crapette-savegame.h: the match in progress, kept on disk after every move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-match.h"

G_BEGIN_DECLS

#define CRAPETTE_SAVEGAME_ERROR (crapette_savegame_error_quark ())

/**
 * CrapetteSavegameError:
 * @CRAPETTE_SAVEGAME_ERROR_DAMAGED: the saved game could not be read; it has
 *   been kept aside under another name and the message says which.
 * @CRAPETTE_SAVEGAME_ERROR_WRITE: the game could not be written, for a reason
 *   none of the codes below names.
 * @CRAPETTE_SAVEGAME_ERROR_NO_SPACE: the disk is full.
 * @CRAPETTE_SAVEGAME_ERROR_READ_ONLY: the folder cannot be written to.
 * @CRAPETTE_SAVEGAME_ERROR_NOT_A_FILE: something that is not a file (a link, a
 *   folder) is where the save goes, and nothing is written through it.
 * @CRAPETTE_SAVEGAME_ERROR_LOCKED: another copy of the program writes this save.
 */
typedef enum
{
  CRAPETTE_SAVEGAME_ERROR_DAMAGED,
  CRAPETTE_SAVEGAME_ERROR_WRITE,
  CRAPETTE_SAVEGAME_ERROR_NO_SPACE,
  CRAPETTE_SAVEGAME_ERROR_READ_ONLY,
  CRAPETTE_SAVEGAME_ERROR_NOT_A_FILE,
  CRAPETTE_SAVEGAME_ERROR_LOCKED
} CrapetteSavegameError;

GQuark         crapette_savegame_error_quark (void);

char          *crapette_savegame_get_path    (void);
gboolean       crapette_savegame_save        (CrapetteMatch  *match,
                                              GError        **error);
CrapetteMatch *crapette_savegame_load        (CrapetteGame   *game,
                                              char          **kept_as,
                                              GError        **error);
gboolean       crapette_savegame_delete      (GError        **error);
gboolean       crapette_savegame_write_text  (const char     *path,
                                              const char     *text,
                                              char          **details,
                                              GError        **error);
gboolean       crapette_save_record          (CrapetteMatch  *match,
                                              const char     *path,
                                              GError        **error);

G_END_DECLS
