import type { HelpSection } from '@/features/help/content/types';

// La ayuda en español: los artículos de en.ts, con los mismos ids y enlaces.

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Primeros pasos',
    articles: [
      {
        id: 'create-account',
        title: 'Crea tu cuenta',
        body: [
          {
            steps: [
              'Abre la página de registro e introduce tu nombre completo, tu correo electrónico y una contraseña de 8 a 128 caracteres.',
              'Elige Crear cuenta. Inicias sesión al instante y llegas al panel.',
              'Abre el enlace del correo de verificación. Sirve una sola vez y durante 24 horas; desde Configuración puedes pedir otro.',
            ],
          },
          'La primera cuenta creada en una instalación nueva pasa a ser su administradora; todas las siguientes son usuarios normales. Mientras tu dirección no esté verificada puedes usar tus agentes, pero no ver ni aceptar invitaciones de equipo.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Configuración' }],
      },
      {
        id: 'create-first-agent',
        title: 'Crea tu primer agente',
        body: [
          {
            steps: [
              'Ve a Agentes y elige Nuevo agente, o abre Crear agente en la barra lateral.',
              'Elige cómo empezar: Desde cero, Con una plantilla (una configuración completa para soporte, ventas y otros usos) o A partir de una descripción (describe el agente y revisa el borrador).',
              'Ponle un nombre, escribe sus instrucciones y, si quieres, un saludo.',
              'Elige Crear agente. Antes de eso no se guarda nada.',
            ],
          },
          'El agente se abre en su propia página, con sus versiones, sus despliegues, los documentos de su base de conocimiento y un panel de prueba.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Crear un agente' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Chatea con tu agente',
        body: [
          'En la página del agente, elige Chatear con el agente, o abre Chat en la barra lateral y elige el agente. Escribe tu mensaje: Intro lo envía y Mayús+Intro empieza una línea nueva.',
          'Las respuestas aparecen a medida que se escriben. Detener la generación conserva lo dicho hasta ese momento. Cuando una respuesta se apoya en la base de conocimiento, sus Fuentes aparecen debajo.',
          'El panel de prueba de la página del agente (Probar este agente) habla con el borrador actual. Las conversaciones de prueba quedan fuera de las listas de conversaciones, de la vista en directo y de las estadísticas.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agentes' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Conecta un modelo de lenguaje',
        body: [
          'Mientras no haya un modelo de lenguaje conectado, los agentes responden con el respondedor integrado: saluda con el saludo del agente, cita los pasajes de sus documentos que coinciden con la pregunta e indica bajo cada respuesta que no hay ningún modelo de lenguaje conectado.',
          'Un administrador conecta un modelo en Admin › Configuración, sección Modelo de lenguaje:',
          {
            steps: [
              'Elige el proveedor: Compatible con OpenAI (OpenAI, o cualquier servidor que hable su API, como Ollama, vLLM o LM Studio) o Google Gemini.',
              'Rellena la dirección de la API (déjala vacía para usar el punto de acceso público del proveedor), la clave de API (Gemini la exige; un servidor local puede no necesitarla) y el modelo predeterminado.',
              'Elige Probar conexión y luego Guardar. Los turnos de conversación que empiecen a partir de ese momento usan el modelo, sin reiniciar nada.',
            ],
          },
          'Si no eres administrador, pídeselo al tuyo. Cada agente puede, de todos modos, elegir su propio nombre de modelo, su temperatura y la longitud de sus respuestas en la sección Modelo de su formulario.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuración › Modelo de lenguaje', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agentes',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Tres formas de empezar un agente',
        body: [
          {
            list: [
              'Desde cero: un formulario vacío con valores predeterminados sensatos.',
              'Con una plantilla: una configuración completa por cada tipo de agente (general, atención al cliente, ventas, desarrollo de ventas, éxito del cliente, comercio electrónico, personalizado) para adaptarla.',
              'A partir de una descripción: di qué debe hacer el agente, con su complejidad, su sector y su caso de uso, y elige Generar borrador. Sin modelo de lenguaje, un generador basado en plantillas escribe el borrador y lo indica.',
            ],
          },
          'Cualquiera de las tres rellena el mismo formulario de cinco secciones (datos básicos; instrucciones y saludo; modelo; voz; base de conocimiento), que revisas antes de elegir Crear agente.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Crear un agente' }],
      },
      {
        id: 'agent-instructions',
        title: 'Instrucciones, saludo y personalidad',
        body: [
          'Las instrucciones son el prompt de sistema del agente: su papel, su tono, qué debe hacer y qué no debe hacer nunca (hasta 20.000 caracteres). El saludo (hasta 2.000 caracteres) se muestra como primer mensaje de cada chat nuevo.',
          'Una personalidad añade un tono, unos rasgos e instrucciones propias. Hay cuatro integradas, de solo lectura: amable, profesional, empática y concisa. Gestionar personalidades, junto al campo Personalidad, te permite crear, editar y eliminar las tuyas.',
          'El campo Idioma fija el idioma en que responde el agente. En la sección Modelo eliges el proveedor, el nombre del modelo, la temperatura (de 0 a 2: cuanto más alta, más variadas las respuestas) y la longitud máxima de la respuesta en tokens.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Edita un agente y cambia su estado',
        body: [
          'Elige Editar en la página del agente. Solo se guardan los campos que cambias, y cada cambio de configuración se convierte en una nueva versión numerada, así que no se pierde nada.',
          'El estado (Borrador, Activo, En pausa, Archivado) no forma parte de la configuración: cambiarlo no crea ninguna versión. Un agente en pausa o archivado no acepta conversaciones.',
          'En la lista de agentes puedes seleccionar varios para cambiar su estado o eliminarlos de una vez.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agentes' }],
      },
      {
        id: 'agent-versions',
        title: 'Versiones y despliegues',
        body: [
          'La tarjeta Versiones lista todas las versiones, de la más reciente a la más antigua. Restaurar vuelve a hacer actual una configuración anterior, como una versión nueva.',
          'La tarjeta Despliegues asigna a cada entorno (Desarrollo, Preproducción, Producción) una versión: elige una y despliégala. Volver atrás es desplegar una versión anterior.',
          'Las pantallas de chat y el panel de prueba usan siempre la configuración actual. Los programas que lo llaman por la API compatible con OpenAI (`/v1`) o por `/mcp` obtienen la versión desplegada en Producción; si no la hay, reciben un error de «no desplegado».',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Comparte un agente',
        body: [
          'Elige Compartir en la página del agente. El diálogo hace dos cosas distintas:',
          {
            list: [
              'Un enlace público: cualquier persona con sesión iniciada en esta instalación que tenga el enlace puede chatear con el agente. Dejar de compartir hace que el enlace deje de funcionar.',
              'Un equipo: el agente se comparte con uno de tus equipos, cuyos miembros obtienen sobre él los derechos de su rol (los lectores leen y chatean, los miembros además editan, los propietarios y administradores además comparten y eliminan).',
            ],
          },
          'Compartir con un equipo requiere la función Colaboración, que activa un administrador. Los enlaces públicos funcionan en cualquier caso.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Configuración del equipo' }],
      },
      {
        id: 'agent-export',
        title: 'Duplicar, exportar e importar',
        body: [
          'Duplicar crea una copia del agente como un borrador nuevo. Exportar descarga un archivo JSON con su configuración y su personalidad personalizada, nunca secretos ni identificadores de este servidor.',
          'Importar, en la lista de agentes, crea un agente igual a partir de ese archivo, en esta instalación o en otra.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agentes' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Conocimiento',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Sube documentos',
        body: [
          {
            steps: [
              'Abre la página del agente, en su pestaña Resumen.',
              'En Documentos de la base de conocimiento, elige Subir un documento y selecciona el archivo.',
              'El documento se lee y se indexa al momento: aparece como Listo con su número de pasajes, y el agente ya puede responder a partir de él.',
            ],
          },
          'La subida está desactivada en una instalación nueva. Si el panel dice que el administrador desactivó la subida de archivos, un administrador activa Subida de archivos en Admin › Configuración › Flags de funciones; el cambio es inmediato.',
          'Necesitas poder editar el agente: los lectores de un equipo ven los documentos, pero no pueden añadirlos ni eliminarlos.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Admin › Configuración › Flags de funciones', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Formatos y límites',
        body: [
          'Formatos aceptados: texto plano (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV y JSON.',
          {
            list: [
              'Un archivo puede ocupar hasta 20 MB (valor predeterminado; los administradores lo cambian en Admin › Configuración › Límites).',
              'Todos tus documentos juntos pueden ocupar hasta 1 GB: cada uno cuenta el tamaño de su archivo más su texto.',
              'Se rechaza un archivo cuyo texto sería muy grande en comparación con su tamaño, o que no puede leerse en 20 segundos.',
            ],
          },
          'Un archivo rechazado no guarda nada, y el mensaje indica el archivo y el motivo; un PDF dañado, por ejemplo, se rechaza.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'Cómo usan los agentes los documentos, y las citas',
        body: [
          'Cada documento se divide en pasajes de unos 800 caracteres. Para cada pregunta, la búsqueda de texto completo de la base de datos encuentra los cinco pasajes del agente que mejor coinciden y se los entrega al modelo junto con sus fuentes.',
          'Las respuestas que los usan muestran sus Fuentes debajo, con el nombre de cada documento. Sin modelo de lenguaje, el respondedor integrado cita esos pasajes directamente.',
          'La búsqueda compara palabras, y su lematización está pensada para el inglés: pregunta con las palabras que usan tus documentos. El interruptor «Usar la base de conocimiento» del formulario del agente lo desactiva para ese agente.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Gestiona y elimina documentos',
        body: [
          'La tabla de documentos muestra el nombre, el tipo, el tamaño, el estado y el número de pasajes de cada uno. Eliminar un documento (se te pide confirmación) lo quita, junto con sus pasajes, de la base de conocimiento y libera su parte de la cuota de almacenamiento.',
          'Los documentos se guardan en la propia base de datos de la instalación, con todo lo demás.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Herramientas (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'Qué hacen los servidores MCP',
        body: [
          'Un servidor MCP (Model Context Protocol) presta herramientas a tus agentes: buscar, leer archivos, consultar tus propios sistemas. Tus servidores aparecen en Herramientas MCP.',
          'Se admiten dos transportes:',
          {
            list: [
              'HTTP transmitible: una URL en la que responde el servidor MCP. Las direcciones de redes privadas o locales se rechazan, salvo que el operador las permita.',
              'stdio: un comando que este servidor ejecuta en su propia máquina. Solo los administradores pueden añadir uno, y solo con un comando de la lista permitida por el operador, vacía por defecto.',
            ],
          },
          'El antiguo transporte SSE no se admite.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Herramientas MCP' }],
      },
      {
        id: 'mcp-add',
        title: 'Añade, importa y exporta servidores',
        body: [
          'Elige Añadir servidor, ponle un nombre, elige el transporte y rellena la URL y las cabeceras, o el comando con sus argumentos y variables de entorno. Los valores secretos se cifran al guardarse y después se muestran enmascarados.',
          'Sugerir a partir de una descripción propone servidores conocidos (filesystem, fetch, git, GitHub y otros) y, con un modelo de lenguaje conectado, redacta uno para ti, para rellenar el formulario. Probar conexión prueba la configuración tal como está escrita y lista sus herramientas sin guardar nada.',
          'Importar acepta el JSON de un cliente MCP de escritorio (`{"mcpServers": …}`) o el de VS Code (`{"servers": …}`), hasta 50 servidores a la vez. Exportar descarga tus servidores en el mismo formato, con o sin sus credenciales.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'Añadir un servidor MCP' },
          { to: '/dashboard/mcp/import', label: 'Importar servidores MCP' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Prueba un servidor',
        body: [
          'Probar, en la lista o en la página del servidor, vuelve a conectarse y lista sus herramientas. El estado pasa a Conectado, o a Error con el motivo explicado: dirección rechazada, inaccesible, no autorizado, tiempo agotado, etc.',
          'Haz una prueba después de añadir un servidor: sus herramientas solo se conocen cuando una prueba las ha listado. Un servidor desactivado (Activado) conserva su configuración, pero los agentes dejan de usar sus herramientas.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Herramientas MCP' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Da herramientas a un agente y mira sus llamadas',
        body: [
          {
            steps: [
              'Abre la página del agente y su pestaña Herramientas, y elige Añadir servidor.',
              'Elige uno de tus servidores MCP, con todas sus herramientas o solo las que elijas.',
              'Fija su prioridad: la más alta va primero y gana cuando dos servidores tienen una herramienta con el mismo nombre.',
            ],
          },
          'Necesitas poder editar el agente, y el servidor tiene que ser tuyo.',
          'Al responder, el modelo puede llamar a estas herramientas, en cuatro rondas como máximo, con 30 segundos por llamada y 90 segundos de herramientas por respuesta. Una herramienta que falla no detiene la respuesta: el modelo recibe el motivo. Cada llamada aparece en el chat como una tarjeta con sus argumentos y su resultado.',
          'Las herramientas necesitan un modelo de lenguaje conectado: el respondedor integrado no las llama.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Canales',
    articles: [
      {
        id: 'channel-chat',
        title: 'La pantalla de chat',
        body: [
          'Chat, en la barra lateral, te permite elegir cualquier agente que puedas usar y hablar con él. Sus conversaciones anteriores aparecen junto a los mensajes; Nueva conversación empieza otra.',
          'Las conversaciones que tienes aquí se guardan con sus tokens y tiempos de respuesta, y aparecen en Todas las conversaciones.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'El enlace de chat para otros usuarios',
        body: [
          'Crea un enlace público en el diálogo Compartir del agente y envíalo: abre una página de chat con el nombre, la descripción y el saludo del agente, en una dirección como `/user/chat/<agent id>?share=…`.',
          'Quien lo abra debe tener sesión iniciada en esta instalación. Sus conversaciones aparecen en tu lista de conversaciones. Dejar de compartir desactiva el enlace al instante.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'Claves de API',
        body: [
          'Documentación de la API, en la barra lateral, reúne tus claves de API. Crear clave pide un nombre, los agentes a los que llega la clave (todos o algunos) y una fecha de caducidad opcional.',
          'La clave (empieza por `af_`) se muestra una sola vez: cópiala en ese momento. El servidor solo guarda una huella de ella y sus primeros caracteres, así que no puede volver a mostrarla. Una clave actúa en tu nombre sobre sus agentes, pero nunca puede gestionar claves, tu correo, tu contraseña ni tu cuenta.',
          'Envíala como `Authorization: Bearer af_…`. Revocar la detiene al instante.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentación de la API' }],
      },
      {
        id: 'channel-openai-api',
        title: 'La API compatible con OpenAI',
        body: [
          'Tus agentes responden en `/v1` con el formato chat-completions de OpenAI, así que las bibliotecas oficiales de OpenAI funcionan: pon como URL base la dirección de este servidor seguida de `/v1`, como clave de API una de tus claves y como modelo el id del agente.',
          'Responde la versión desplegada en Producción, con su conocimiento y sus herramientas. Cada respuesta lleva una cabecera `X-Conversation-Id`: devuélvela para seguir con la misma conversación.',
          'La página Documentación de la API tiene ejemplos de curl, Python y JavaScript listos para copiar. La referencia completa de la API HTTP está en `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'Documentación de la API' },
          { href: '/api/docs', label: 'Referencia de la API' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Tus agentes como herramientas de un cliente MCP',
        body: [
          'Este servidor es, a su vez, un servidor MCP en `/mcp`, para claves de API: cada agente al que llega la clave se convierte en una herramienta llamada `ask_` seguida del nombre del agente, que recibe un mensaje y devuelve la respuesta del agente con sus fuentes.',
          'Añádelo a un cliente MCP de escritorio con el ejemplo de la página Documentación de la API (Cliente MCP). Responde la versión desplegada en Producción.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentación de la API' }],
      },
      {
        id: 'channel-live',
        title: 'Sigue las conversaciones en directo',
        body: [
          'En directo, dentro de Conversaciones, muestra las conversaciones que están ocurriendo y sigue la que selecciones a medida que llegan sus mensajes, desde cualquier canal. Transcripción completa la abre entera.',
          'Todas las conversaciones lista cada conversación de tus agentes y de los agentes compartidos con tus equipos, con filtros por texto, agente, canal, estado y fechas. Una conversación sin mensajes durante 30 minutos (por defecto) termina sola.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Conversaciones en directo' },
          { to: '/dashboard/conversations', label: 'Todas las conversaciones' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Preguntas frecuentes',
    articles: [
      {
        id: 'faq-no-model',
        title: '¿Por qué mi agente dice que no hay ningún modelo de lenguaje conectado?',
        body: [
          'Porque esta instalación aún no tiene un modelo de lenguaje configurado, así que responde el respondedor integrado: usa el saludo del agente y los pasajes de sus documentos, y no puede redactar texto nuevo.',
          'Un administrador conecta uno en Admin › Configuración › Modelo de lenguaje (consulta «Conecta un modelo de lenguaje» más arriba). Se aplica desde el siguiente mensaje, sin reiniciar.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Configuración › Modelo de lenguaje', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: '¿Por qué no he recibido el correo de verificación?',
        body: [
          'Si no hay un servidor de correo configurado, los correos no se envían: se guardan en la bandeja de salida que ven los administradores, y las pantallas lo indican. Un administrador puede entonces configurar el correo (Admin › Configuración › Correo), tras lo cual los correos guardados pueden volver a enviarse, o marcar tu dirección como verificada desde su fila en Admin › Usuarios.',
          'Si el correo está configurado, mira en la carpeta de spam y pide un enlace nuevo en Configuración: un enlace vale 24 horas, y uno nuevo sustituye al anterior.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Configuración' },
          { to: '/admin/users', label: 'Admin › Usuarios', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: '¿Cómo invito a mis compañeros?',
        body: [
          'En Configuración del equipo, elige Crear equipo (pasas a ser su propietario), abre el equipo y usa Invitar a alguien con su correo y un rol, por ejemplo miembro o lector. El enlace enviado sirve una sola vez, durante 7 días.',
          'Quien no tenga cuenta se registra con la dirección invitada y la verifica; la invitación le espera entonces en Invitaciones para ti.',
          'Las invitaciones y el uso compartido en equipo necesitan el flag Colaboración, desactivado en una instalación nueva: un administrador lo activa en Admin › Configuración › Flags de funciones.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Configuración del equipo' },
          { to: '/admin/configuration#features', label: 'Admin › Configuración › Flags de funciones', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: '¿Dónde se guardan mis datos?',
        body: [
          'AgentForge es autoalojado: cuentas, agentes, documentos y conversaciones se quedan en la base de datos de la instalación que usas, un archivo SQLite en su carpeta de datos por defecto, o PostgreSQL si el operador lo elige.',
          'Los secretos (claves de API de proveedores, credenciales MCP, ajustes de correo) se guardan cifrados en la base de datos, y tus claves de API solo como hash.',
          'Lo que sale del servidor: con un modelo de lenguaje conectado, cada pregunta se envía a su proveedor junto con las instrucciones del agente, la conversación reciente y los pasajes que coinciden; las herramientas reciben los argumentos que les da el modelo; el correo pasa por el servidor de correo configurado.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'He perdido mi clave de API, o ha dejado de funcionar',
        body: [
          'Una clave se muestra una sola vez y no puede recuperarse: revócala en la página Documentación de la API y crea otra.',
          'Una clave deja de funcionar cuando se revoca, cuando pasa su fecha de caducidad o cuando su cuenta se desactiva. Una cuenta puede tener hasta 50 claves (por defecto).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Documentación de la API' }],
      },
      {
        id: 'faq-rate-limits',
        title: '¿Cuáles son los límites de uso?',
        body: [
          'Los valores predeterminados, que los administradores y el operador pueden cambiar:',
          {
            list: [
              'Cada clave de API: 600 solicitudes por minuto.',
              'Inicio de sesión, registro y restablecimiento de contraseña: 20 solicitudes por minuto desde una misma dirección, y 5 por minuto para una misma dirección de correo.',
              'Correos de equipo (invitaciones, miembros añadidos, mensajes al equipo): 20 por hora y persona, y 50 por hora y equipo.',
            ],
          },
          'Si se supera un límite, la respuesta tiene el estado 429 con una cabecera `Retry-After` que indica cuándo volver a intentarlo. Tu proveedor de modelo de lenguaje puede tener sus propios límites; en ese caso la respuesta del agente lo dice.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: '¿Cómo exporto conversaciones?',
        body: [
          'Abre una conversación desde Todas las conversaciones y elige Exportar JSON o Exportar CSV: la transcripción se descarga como archivo.',
          'Los agentes se exportan en JSON desde su página, y los servidores MCP desde la lista de Herramientas MCP.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'Todas las conversaciones' }],
      },
      {
        id: 'faq-signup-closed',
        title: '¿Por qué un compañero no puede registrarse?',
        body: [
          'Un administrador puede cerrar el registro (Admin › Configuración › General, Registro abierto). Entonces solo pueden crear una cuenta las direcciones con una invitación de equipo pendiente: invita primero a tu compañero a un equipo.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Admin › Configuración › General', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'He olvidado mi contraseña',
        body: [
          'En la página de inicio de sesión, elige ¿Has olvidado tu contraseña? e introduce tu correo: recibirás un enlace de restablecimiento que sirve una sola vez, durante una hora. Restablecer la contraseña cierra tu sesión en todas partes.',
          'Sin servidor de correo no se envía ningún correo de restablecimiento: pide a un administrador que configure el correo.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: '¿Cómo cambio el idioma o uso el tema oscuro?',
        body: [
          'El menú de idioma, en la parte superior del panel, ofrece 12 idiomas; tu elección se recuerda, y los correos que recibes se escriben en ese idioma. El botón de al lado cambia entre el tema claro y el oscuro.',
          'El idioma en que responde un agente se fija en su formulario, con independencia del tuyo.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: '¿Cómo elimino mi cuenta?',
        body: [
          'En Configuración, en Zona de peligro, elige Eliminar cuenta y confirma con tu contraseña. Se eliminan tus agentes con sus documentos y conversaciones, tus claves de API y tu pertenencia a equipos; no se puede deshacer.',
          'Un equipo del que eras el único propietario pasa a su administrador más antiguo o, si no lo hay, a su miembro más antiguo.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Configuración' }],
      },
    ],
  },
];
