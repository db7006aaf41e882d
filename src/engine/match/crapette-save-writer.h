/* crapette-save-writer.h: the match in progress, written to disk by a worker after every move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-match.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_SAVE_WRITER (crapette_save_writer_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteSaveWriter, crapette_save_writer, CRAPETTE, SAVE_WRITER, GObject)

CrapetteSaveWriter *crapette_save_writer_new          (const char          *path);
const char         *crapette_save_writer_get_path     (CrapetteSaveWriter  *self);
guint               crapette_save_writer_save         (CrapetteSaveWriter  *self,
                                                       CrapetteMatch       *match);
gboolean            crapette_save_writer_flush        (CrapetteSaveWriter  *self);
gboolean            crapette_save_writer_get_failing  (CrapetteSaveWriter  *self);
const GError       *crapette_save_writer_get_error    (CrapetteSaveWriter  *self);
const char         *crapette_save_writer_get_details  (CrapetteSaveWriter  *self);
guint               crapette_save_writer_get_n_coalesced (CrapetteSaveWriter *self);
gboolean            crapette_save_writer_lock         (CrapetteSaveWriter  *self,
                                                       GError             **error);
gboolean            crapette_save_writer_get_read_only (CrapetteSaveWriter *self);
gboolean            crapette_save_writer_lock_is_free (CrapetteSaveWriter *self);
gboolean            crapette_save_writer_close        (CrapetteSaveWriter  *self);

G_END_DECLS
