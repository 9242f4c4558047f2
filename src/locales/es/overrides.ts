// Strings of the hand-written override screens (src/overrides).
import type { OverridesMessages } from "../en/overrides";

const overrides: OverridesMessages = {
  overrides: {
    menuEnable: {
      hint: "Un menú deshabilitado desaparece para todas las cuentas y el servidor rechaza sus llamadas; las cuentas con sesión abierta verán el cambio en su próximo inicio de sesión.",
    },
    scanPreview: {
      placeholder: "Introduzca un código de trazabilidad",
      notFound: "No se encontró el código {{code}}",
      openPublicPage: "Abrir la página de escaneo del consumidor",
    },
    roleManage: {
      addRole: "Añadir rol",
      editRole: "Editar rol",
      confirmDelete: "¿Eliminar este rol? Los puestos que lo tengan deben quitarlo antes.",
      menuEnable: "Gestión de menús",
      grantsOf: "Permisos de {{role}}",
      selectRole: "Seleccione un rol a la izquierda para ver y cambiar sus menús y botones.",
      nextLogin: "Los cambios en los permisos de un rol se aplican a sus cuentas en su próximo inicio de sesión.",
      adminRole: "El rol admin supera todas las comprobaciones de permisos; no necesita permisos.",
      save: "Guardar permisos",
      undo: "Deshacer cambios",
      saved: "Permisos guardados. Las cuentas con este rol los verán en su próximo inicio de sesión.",
      saveFailed: "No se guardaron los permisos",
    },
    departmentPositions: {
      departments: "Departamentos",
      pickDepartment: "Buscar un departamento",
      selectDepartment: "Elija un departamento para ver sus puestos.",
      positions: "Puestos",
      addPosition: "Añadir puesto",
      editPosition: "Editar puesto",
      confirmDelete: "¿Eliminar este puesto? No debe tener roles ni personal.",
      rolesOf: "Roles de {{position}}",
      selectPosition: "Seleccione un puesto para ver sus roles.",
      noRoles: "Este puesto aún no tiene roles.",
      addRole: "Añadir rol",
      pickRole: "Elija un rol",
      linkFailed: "Los roles no se cambiaron",
      nextLogin: "Las cuentas de este puesto verán el cambio en su próximo inicio de sesión.",
    },
  },
};

export default overrides;
