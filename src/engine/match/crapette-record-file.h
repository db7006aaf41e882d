/* crapette-record-file.h: the text of a game record read from a file, only a regular file
 * and no more than a record can hold
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *crapette_record_file_read        (GFile                *file,
                                        gsize                *length,
                                        GCancellable         *cancellable,
                                        GError              **error);
void  crapette_record_file_read_async  (GFile                *file,
                                        GCancellable         *cancellable,
                                        GAsyncReadyCallback   callback,
                                        gpointer              user_data);
char *crapette_record_file_read_finish (GFile                *file,
                                        GAsyncResult         *result,
                                        gsize                *length,
                                        GError              **error);

G_END_DECLS
