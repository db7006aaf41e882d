/* crapette-record-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file a person gives the game (on the command line, from the file manager, through Open)
 * may be anything: a device that never ends (/dev/zero), a pipe that blocks whoever opens it
 * until someone writes, a socket, a folder, a file of gigabytes. Only a regular file is read,
 * and never more than CRAPETTE_MATCH_RECORD_MAX_BYTES of it. What it is is asked first,
 * following links, so that a link to /dev/zero is seen as the device it leads to; a local
 * file is then opened without blocking and looked at again through the open descriptor, so
 * that a pipe put in its place between the two is still refused rather than waited on. The
 * asynchronous form does all of it in a worker, so the game in play never waits for a disk.
 */

#define G_LOG_DOMAIN "crapette-savegame"
/* O_NOCTTY and O_CLOEXEC, which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include "crapette-record-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "crapette-match-record.h"

#define READ_CHUNK 65536

/* The plain words for what a file of @mode is, when it is not a regular file. */
static void
set_not_a_file_error (GError **error,
                      guint32  mode)
{
  if (S_ISDIR (mode))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                         _("It is a folder, not a file"));
  else if (S_ISCHR (mode) || S_ISBLK (mode))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         _("It is a device, not a file"));
  else if (S_ISFIFO (mode))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         _("It is a pipe, not a file"));
  else if (S_ISSOCK (mode))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         _("It is a socket, not a file"));
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         _("It is not a regular file"));
}

static void
set_too_large_error (GError **error)
{
  g_set_error_literal (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE,
                       _("The file is far larger than any game record"));
}

/* The player's words for a file that could not be looked at or opened. */
static void
set_access_error (GError  **error,
                  GIOErrorEnum code,
                  const char *system_words)
{
  switch ((int) code)
    {
    case G_IO_ERROR_NOT_FOUND:
      g_set_error_literal (error, G_IO_ERROR, code, _("There is no such file"));
      break;
    case G_IO_ERROR_PERMISSION_DENIED:
      g_set_error_literal (error, G_IO_ERROR, code, _("You are not allowed to read it"));
      break;
    case G_IO_ERROR_TOO_MANY_LINKS:
      g_set_error_literal (error, G_IO_ERROR, code, _("It is a link that leads nowhere"));
      break;
    default:
      /* Translators: %s is what the system said, such as "Input/output error" */
      g_set_error (error, G_IO_ERROR, code, _("It could not be read: %s"), system_words);
    }
}

/* What the file is, asked without opening it; %FALSE with @error when it is not a regular
 * file that could hold a record. A file without a Unix mode (on a remote share) that says it
 * is regular is taken at its word, and read through GIO with the same bound. */
static gboolean
check_kind (GFile         *file,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  GFileType type;

  /* Following links: a link to a device is a device. */
  info = g_file_query_info (file,
                            G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_UNIX_MODE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL)
    {
      if (local_error->domain == G_IO_ERROR)
        set_access_error (error, local_error->code, local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  type = g_file_info_get_file_type (info);
  /* Links were followed: one still seen is one whose end is missing, or a loop. */
  if (type == G_FILE_TYPE_SYMBOLIC_LINK)
    {
      set_access_error (error, G_IO_ERROR_TOO_MANY_LINKS, NULL);
      return FALSE;
    }
  if (type != G_FILE_TYPE_REGULAR)
    {
      guint32 mode = g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE)
                       ? g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE)
                       : 0;

      set_not_a_file_error (error, type == G_FILE_TYPE_DIRECTORY ? S_IFDIR : mode);
      return FALSE;
    }
  if (g_file_info_get_size (info) > CRAPETTE_MATCH_RECORD_MAX_BYTES)
    {
      set_too_large_error (error);
      return FALSE;
    }
  return TRUE;
}

/* Appends what is left of @fd to @text, refusing more than the cap. */
static gboolean
read_descriptor (int          fd,
                 GByteArray  *text,
                 GError     **error)
{
  guint8 chunk[READ_CHUNK];

  for (;;)
    {
      gssize got = read (fd, chunk, sizeof chunk);

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved_errno = errno;

          set_access_error (error, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
          return FALSE;
        }
      if (got == 0)
        return TRUE;
      /* A file that grew since it was measured is held to the same cap. */
      if (text->len + (gsize) got > CRAPETTE_MATCH_RECORD_MAX_BYTES)
        {
          set_too_large_error (error);
          return FALSE;
        }
      g_byte_array_append (text, chunk, (guint) got);
    }
}

/* A local file: opened without blocking (a pipe would wait for a writer), then checked
 * through the descriptor, which is what is read. */
static gboolean
read_local (const char  *path,
            GByteArray  *text,
            GError     **error)
{
  struct stat info = { 0 };
  gboolean read_it;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      set_access_error (error, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
      return FALSE;
    }
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode))
    {
      set_not_a_file_error (error, info.st_mode);
      close (fd);
      return FALSE;
    }
  if (info.st_size > CRAPETTE_MATCH_RECORD_MAX_BYTES)
    {
      set_too_large_error (error);
      close (fd);
      return FALSE;
    }
  read_it = read_descriptor (fd, text, error);
  close (fd);
  return read_it;
}

/* A file GIO reaches some other way (a remote share): read through its stream, bounded. */
static gboolean
read_stream (GFile         *file,
             GByteArray    *text,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, cancellable, error);
  guint8 chunk[READ_CHUNK];

  if (stream == NULL)
    return FALSE;
  for (;;)
    {
      gssize got = g_input_stream_read (G_INPUT_STREAM (stream), chunk, sizeof chunk,
                                        cancellable, error);

      if (got < 0)
        return FALSE;
      if (got == 0)
        return TRUE;
      if (text->len + (gsize) got > CRAPETTE_MATCH_RECORD_MAX_BYTES)
        {
          set_too_large_error (error);
          return FALSE;
        }
      g_byte_array_append (text, chunk, (guint) got);
    }
}

/* Reads the text of the record in @file, NUL-terminated, its length in @length; %NULL with
 * @error in a player's words when @file is not a regular file, is larger than any record
 * or cannot be read. Never blocks on a pipe or reads a device; safe on any thread. */
char *
crapette_record_file_read (GFile         *file,
                           gsize         *length,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(GByteArray) text = NULL;
  g_autofree char *path = NULL;
  gboolean read_it;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_kind (file, cancellable, error))
    return NULL;
  text = g_byte_array_new ();
  path = g_file_get_path (file);
  read_it = path != NULL ? read_local (path, text, error)
                         : read_stream (file, text, cancellable, error);
  if (!read_it)
    return NULL;
  if (length != NULL)
    *length = text->len;
  g_byte_array_append (text, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&text), FALSE);
}

typedef struct
{
  char *text;
  gsize length;
} ReadResult;

static void
read_result_free (ReadResult *result)
{
  g_free (result->text);
  g_free (result);
}

static void
read_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  ReadResult *result = g_new0 (ReadResult, 1);

  result->text = crapette_record_file_read (G_FILE (source_object), &result->length,
                                            cancellable, &error);
  if (result->text == NULL)
    {
      read_result_free (result);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, result, (GDestroyNotify) read_result_free);
}

/* Reads the record in @file in a worker, as crapette_record_file_read() does. */
void
crapette_record_file_read_async (GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, crapette_record_file_read_async);
  g_task_run_in_thread (task, read_in_thread);
}

/* Returns the text crapette_record_file_read_async() read, or %NULL with @error. */
char *
crapette_record_file_read_finish (GFile         *file,
                                  GAsyncResult  *result,
                                  gsize         *length,
                                  GError       **error)
{
  ReadResult *read;
  char *text;

  g_return_val_if_fail (g_task_is_valid (result, file), NULL);

  read = g_task_propagate_pointer (G_TASK (result), error);
  if (read == NULL)
    return NULL;
  text = g_steal_pointer (&read->text);
  if (length != NULL)
    *length = read->length;
  read_result_free (read);
  return text;
}
