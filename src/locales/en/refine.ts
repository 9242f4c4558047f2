// refine's own messages (@refinedev/core, @refinedev/antd), English: notifications after a save or
// a delete, button and page texts. Params are the ones refine passes ({{resource}} is the record's
// title, answered by the i18n provider). tests/i18n-completeness.test.ts scans the installed
// packages for the keys they ask for and requires each one in zh, en, es and ja.
import type { Messages } from "./shell";

const refine = {
  notifications: {
    success: "Success",
    error: "Error (status code: {{statusCode}})",
    // {{resource}} is a screen title, often plural ("Warehouses"): the sentence names it, not a record
    createSuccess: "{{resource}}: record created",
    createError: "{{resource}}: could not create the record (status code: {{statusCode}})",
    editSuccess: "{{resource}}: changes saved",
    // no {{resource}} in editError and deleteError: useUpdateMany, useDelete and useDeleteMany pass the
    // route name there ("store"), not the title
    editError: "Could not save the changes (status code: {{statusCode}})",
    deleteSuccess: "{{resource}}: record deleted",
    deleteError: "Could not delete (status code: {{statusCode}})",
    undoable: "You have {{seconds}} seconds to undo",
    importProgress: "Importing: {{processed}}/{{total}}",
  },
  buttons: {
    create: "Create",
    edit: "Edit",
    show: "Show",
    clone: "Clone",
    save: "Save",
    delete: "Delete",
    cancel: "Cancel",
    confirm: "Are you sure?",
    refresh: "Refresh",
    export: "Export",
    import: "Import",
    filter: "Filter",
    clear: "Clear",
    logout: "Log out",
    notAccessTitle: "You do not have permission for this",
  },
  actions: {
    create: "Create",
    edit: "Edit",
    show: "Show",
    clone: "Clone",
  },
  pages: {
    error: {
      "404": "Sorry, the page you visited does not exist.",
      info: 'The "{{action}}" page of "{{resource}}" is missing.',
      backHome: "Back to home",
    },
    login: {
      title: "Sign in to your account",
      signin: "Sign in",
      signup: "Sign up",
      register: "Sign up",
      divider: "or",
      fields: { email: "Email", password: "Password" },
      errors: {
        requiredEmail: "Email is required",
        requiredPassword: "Password is required",
        validEmail: "Invalid email address",
      },
      buttons: {
        rememberMe: "Remember me",
        forgotPassword: "Forgot password?",
        noAccount: "Don’t have an account?",
        haveAccount: "Have an account?",
      },
    },
    register: {
      title: "Sign up for your account",
      signin: "Sign in",
      divider: "or",
      email: "Email",
      fields: { email: "Email", password: "Password" },
      errors: {
        requiredEmail: "Email is required",
        requiredPassword: "Password is required",
        validEmail: "Invalid email address",
      },
      buttons: { submit: "Sign up", haveAccount: "Have an account?" },
    },
    forgotPassword: {
      title: "Forgot your password?",
      signin: "Sign in",
      fields: { email: "Email" },
      errors: { requiredEmail: "Email is required", validEmail: "Invalid email address" },
      buttons: { submit: "Send reset instructions", haveAccount: "Have an account?" },
    },
    updatePassword: {
      title: "Set a new password",
      fields: { password: "New password", confirmPassword: "Confirm new password" },
      errors: {
        requiredPassword: "Password is required",
        requiredConfirmPassword: "Please confirm the password",
        confirmPasswordNotMatch: "Passwords do not match",
      },
      buttons: { submit: "Update" },
    },
  },
  autoSave: {
    success: "Saved",
    error: "Auto save failed",
    loading: "Saving…",
    idle: "Waiting for changes",
  },
  documentTitle: {
    default: "Product traceability",
    suffix: " | Product traceability",
  },
  warnWhenUnsavedChanges: "Leave this page? Your changes have not been saved.",
};

export default refine;

export type RefineMessages = Messages<typeof refine>;
