import type { RefineMessages } from "../en/refine";

const refine: RefineMessages = {
  notifications: {
    success: "Correcto",
    error: "Error (código de estado: {{statusCode}})",
    createSuccess: "{{resource}}: registro creado",
    createError: "{{resource}}: no se pudo crear el registro (código de estado: {{statusCode}})",
    editSuccess: "{{resource}}: cambios guardados",
    editError: "No se pudieron guardar los cambios (código de estado: {{statusCode}})",
    deleteSuccess: "{{resource}}: registro eliminado",
    deleteError: "No se pudo eliminar (código de estado: {{statusCode}})",
    undoable: "Tiene {{seconds}} segundos para deshacer",
    importProgress: "Importando: {{processed}}/{{total}}",
  },
  buttons: {
    create: "Crear",
    edit: "Editar",
    show: "Ver",
    clone: "Duplicar",
    save: "Guardar",
    delete: "Eliminar",
    cancel: "Cancelar",
    confirm: "¿Está seguro?",
    refresh: "Actualizar",
    export: "Exportar",
    import: "Importar",
    filter: "Filtrar",
    clear: "Limpiar",
    logout: "Cerrar sesión",
    notAccessTitle: "No tiene permiso para esta acción",
  },
  actions: {
    create: "Crear",
    edit: "Editar",
    show: "Ver",
    clone: "Duplicar",
  },
  pages: {
    error: {
      "404": "Lo sentimos, la página que visitó no existe.",
      info: "Falta la página «{{action}}» de «{{resource}}».",
      backHome: "Volver al inicio",
    },
    login: {
      title: "Inicie sesión en su cuenta",
      signin: "Iniciar sesión",
      signup: "Registrarse",
      register: "Registrarse",
      divider: "o",
      fields: { email: "Correo electrónico", password: "Contraseña" },
      errors: {
        requiredEmail: "El correo electrónico es obligatorio",
        requiredPassword: "La contraseña es obligatoria",
        validEmail: "Correo electrónico no válido",
      },
      buttons: {
        rememberMe: "Recordarme",
        forgotPassword: "¿Olvidó su contraseña?",
        noAccount: "¿No tiene una cuenta?",
        haveAccount: "¿Ya tiene una cuenta?",
      },
    },
    register: {
      title: "Cree su cuenta",
      signin: "Iniciar sesión",
      divider: "o",
      email: "Correo electrónico",
      fields: { email: "Correo electrónico", password: "Contraseña" },
      errors: {
        requiredEmail: "El correo electrónico es obligatorio",
        requiredPassword: "La contraseña es obligatoria",
        validEmail: "Correo electrónico no válido",
      },
      buttons: { submit: "Registrarse", haveAccount: "¿Ya tiene una cuenta?" },
    },
    forgotPassword: {
      title: "¿Olvidó su contraseña?",
      signin: "Iniciar sesión",
      fields: { email: "Correo electrónico" },
      errors: { requiredEmail: "El correo electrónico es obligatorio", validEmail: "Correo electrónico no válido" },
      buttons: { submit: "Enviar instrucciones", haveAccount: "¿Ya tiene una cuenta?" },
    },
    updatePassword: {
      title: "Establecer una contraseña nueva",
      fields: { password: "Contraseña nueva", confirmPassword: "Confirmar la contraseña nueva" },
      errors: {
        requiredPassword: "La contraseña es obligatoria",
        requiredConfirmPassword: "Confirme la contraseña",
        confirmPasswordNotMatch: "Las contraseñas no coinciden",
      },
      buttons: { submit: "Actualizar" },
    },
  },
  autoSave: {
    success: "Guardado",
    error: "Error al guardar automáticamente",
    loading: "Guardando…",
    idle: "Esperando cambios",
  },
  documentTitle: {
    default: "Sistema de trazabilidad de productos",
    suffix: " | Sistema de trazabilidad de productos",
  },
  warnWhenUnsavedChanges: "¿Salir de esta página? Sus cambios no se han guardado.",
};

export default refine;
