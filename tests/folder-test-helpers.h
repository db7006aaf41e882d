/* folder-test-helpers.h: the temporary folders the tests make, removed with all they hold
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A folder a test leaves in /tmp stays there run after run. One made here goes with
 * everything in it when its test is over (folder_test_new()), or when the program ends
 * (folder_test_new_for_program(), for a data folder set before the tests start). A test that
 * fails on an assertion aborts before that, and keeps its folder to be looked at.
 *
 * Only the process that made a folder removes it: a forked child that exits must not take
 * its parent's folder away. (A g_test_trap_subprocess() child is a new program, which makes
 * folders of its own.) The data folders of G_TEST_OPTION_ISOLATE_DIRS are GLib's to remove;
 * these are for the folders a test names itself.
 */

#pragma once

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

typedef struct
{
  char *path;
  pid_t maker;
} TestFolder;

/* Sets @error to say, with errno, that @path could not be @done. */
static inline gboolean
folder_test_failed (GError    **error,
                    const char *path,
                    const char *done)
{
  int saved = errno;

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s could not be %s: %s",
               path, done, g_strerror (saved));
  return FALSE;
}

/* Removes @path and, if it is a folder, everything in it: links are removed, never followed,
 * and a folder made read-only (as the tests of a save that fails make theirs) is first made
 * writable again by its owner. Nothing at @path is fine. Returns FALSE with @error set if
 * something could not be removed. */
static inline gboolean
folder_test_remove (const char  *path,
                    GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK) || !g_file_test (path, G_FILE_TEST_IS_DIR))
    return g_unlink (path) == 0 || errno == ENOENT || folder_test_failed (error, path, "removed");
  if (g_chmod (path, 0700) != 0)
    return folder_test_failed (error, path, "made writable again");
  dir = g_dir_open (path, 0, error);
  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *inside = g_build_filename (path, name, NULL);

      if (!folder_test_remove (inside, error))
        return FALSE;
    }
  return g_rmdir (path) == 0 || folder_test_failed (error, path, "removed");
}

static inline TestFolder *
folder_test_make (const char *template)
{
  g_autoptr(GError) error = NULL;
  TestFolder *folder = g_new0 (TestFolder, 1);

  folder->path = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  folder->maker = getpid ();
  return folder;
}

/* Removes @data's folder, if this process made it; a folder that cannot be removed fails the
 * test that made it. */
static inline void
folder_test_free (gpointer data)
{
  TestFolder *folder = data;

  if (folder->maker == getpid ())
    {
      g_autoptr(GError) error = NULL;

      folder_test_remove (folder->path, &error);
      g_assert_no_error (error);
    }
  g_free (folder->path);
  g_free (folder);
}

/* The folders made for the whole program, removed when it exits. */
static inline GPtrArray **
folder_test_program_folders (void)
{
  static GPtrArray *folders;

  return &folders;
}

static inline void
folder_test_remove_program_folders (void)
{
  g_clear_pointer (folder_test_program_folders (), g_ptr_array_unref);
}

/* A new folder in the temporary folder, named after @template (as for g_dir_make_tmp()),
 * removed with all it holds when the test running is over. */
static inline char *
folder_test_new (const char *template)
{
  TestFolder *folder = folder_test_make (template);

  g_test_queue_destroy (folder_test_free, folder);
  return g_strdup (folder->path);
}

/* A new folder as folder_test_new() makes, for the whole program (made in main(), outside
 * any test): removed with all it holds when the program exits. */
static inline char *
folder_test_new_for_program (const char *template)
{
  GPtrArray **folders = folder_test_program_folders ();
  TestFolder *folder = folder_test_make (template);

  if (*folders == NULL)
    {
      *folders = g_ptr_array_new_with_free_func (folder_test_free);
      g_assert_cmpint (atexit (folder_test_remove_program_folders), ==, 0);
    }
  g_ptr_array_add (*folders, folder);
  return g_strdup (folder->path);
}
