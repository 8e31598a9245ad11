import type { HelpSection } from '@/features/help/content/types';

// Bantuan dalam bahasa Indonesia: artikel-artikel en.ts, dengan id dan tautan yang sama.

export const help: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Memulai',
    articles: [
      {
        id: 'create-account',
        title: 'Buat akun Anda',
        body: [
          {
            steps: [
              'Buka halaman pendaftaran, lalu isi nama lengkap, alamat email, dan kata sandi sepanjang 8 sampai 128 karakter.',
              'Pilih Buat akun. Anda langsung masuk dan tiba di dasbor.',
              'Buka tautan di email verifikasi. Tautan itu hanya berlaku sekali, selama 24 jam; Anda bisa meminta yang baru di Pengaturan.',
            ],
          },
          'Akun pertama yang dibuat di instalasi baru menjadi administratornya; semua akun berikutnya adalah pengguna biasa. Selama alamat Anda belum terverifikasi, Anda tetap bisa memakai agen, tetapi tidak bisa melihat atau menerima undangan tim.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Pengaturan' }],
      },
      {
        id: 'create-first-agent',
        title: 'Buat agen pertama Anda',
        body: [
          {
            steps: [
              'Buka Agen dan pilih Agen baru, atau buka Buat agen di bilah samping.',
              'Pilih cara memulai: Dari awal, Dari templat (konfigurasi lengkap untuk dukungan, penjualan, dan keperluan lain), atau Dari deskripsi (jelaskan agennya lalu tinjau drafnya).',
              'Beri nama, tulis instruksinya, dan bila perlu sebuah sapaan.',
              'Pilih Buat agen. Sebelum itu, tidak ada yang disimpan.',
            ],
          },
          'Agen terbuka di halamannya sendiri, lengkap dengan versi, penerapan, dokumen basis pengetahuan, dan panel uji.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Buat agen' }],
      },
      {
        id: 'chat-with-agent',
        title: 'Chat dengan agen Anda',
        body: [
          'Di halaman agen, pilih Chat dengan agen, atau buka Chat di bilah samping lalu pilih agennya. Tulis pesan Anda: Enter mengirimnya, Shift+Enter membuat baris baru.',
          'Jawaban muncul sambil ditulis. Hentikan pembuatan menyimpan apa yang sudah dikatakan. Jika jawaban memakai basis pengetahuan, Sumber-nya tercantum di bawahnya.',
          'Panel uji di halaman agen (Uji agen ini) berbicara dengan draf saat ini. Percakapan uji tidak masuk ke daftar percakapan, tampilan langsung, maupun statistik.',
        ],
        links: [
          { to: '/dashboard/chat', label: 'Chat' },
          { to: '/dashboard/agents', label: 'Agen' },
        ],
      },
      {
        id: 'connect-a-model',
        title: 'Hubungkan model bahasa',
        body: [
          'Selama belum ada model bahasa yang terhubung, agen menjawab dengan penjawab bawaan: ia menyapa dengan sapaan agen, mengutip bagian dokumennya yang cocok dengan pertanyaan, dan menulis di bawah setiap jawaban bahwa tidak ada model bahasa yang terhubung.',
          'Administrator menghubungkan model di Admin › Konfigurasi, bagian Model bahasa:',
          {
            steps: [
              'Pilih penyedia: Kompatibel dengan OpenAI (OpenAI, atau server apa pun yang memakai API-nya, seperti Ollama, vLLM, atau LM Studio) atau Google Gemini.',
              'Isi alamat API (kosongkan untuk endpoint publik penyedia), kunci API (Gemini memerlukannya; server lokal mungkin tidak), dan model bawaan.',
              'Pilih Uji koneksi, lalu Simpan. Giliran percakapan yang dimulai setelahnya memakai model itu; tidak perlu memulai ulang.',
            ],
          },
          'Jika Anda bukan administrator, mintalah administrator Anda melakukannya. Setiap agen tetap bisa memilih nama model, suhu, dan panjang jawabannya sendiri di bagian Model pada formulirnya.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Konfigurasi › Model bahasa', admin: true }],
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agen',
    articles: [
      {
        id: 'agent-create-options',
        title: 'Tiga cara memulai agen',
        body: [
          {
            list: [
              'Dari awal: formulir kosong dengan nilai bawaan yang masuk akal.',
              'Dari templat: satu konfigurasi lengkap per jenis agen (umum, dukungan pelanggan, penjualan, pengembangan penjualan, kesuksesan pelanggan, e-commerce, kustom) untuk Anda sesuaikan.',
              'Dari deskripsi: jelaskan apa yang harus dilakukan agen, beserta kompleksitas, industri, dan kasus penggunaannya, lalu pilih Buat draf. Tanpa model bahasa, generator berbasis templat menulis drafnya dan memberi tahu hal itu.',
            ],
          },
          'Ketiganya mengisi formulir yang sama dalam lima bagian (dasar; instruksi dan sapaan; model; suara; basis pengetahuan) untuk Anda tinjau sebelum memilih Buat agen.',
        ],
        links: [{ to: '/dashboard/agents/create', label: 'Buat agen' }],
      },
      {
        id: 'agent-instructions',
        title: 'Instruksi, sapaan, dan kepribadian',
        body: [
          'Instruksi adalah prompt sistem agen: perannya, nadanya, apa yang harus dilakukan dan apa yang tidak boleh dilakukan (hingga 20.000 karakter). Sapaan (hingga 2.000 karakter) ditampilkan sebagai pesan pertama di setiap chat baru.',
          'Kepribadian menambahkan nada, sifat, dan instruksinya sendiri. Empat kepribadian bawaan bersifat hanya-baca: ramah, profesional, empatik, dan ringkas. Kelola kepribadian, di samping kolom Kepribadian, memungkinkan Anda membuat, mengedit, dan menghapus kepribadian Anda sendiri.',
          'Kolom Bahasa menentukan bahasa jawaban agen. Di bagian Model, Anda memilih penyedia, nama model, suhu (0 sampai 2: makin tinggi, makin beragam jawabannya), dan panjang jawaban maksimum dalam token.',
        ],
      },
      {
        id: 'agent-edit',
        title: 'Edit agen dan ubah statusnya',
        body: [
          'Pilih Edit di halaman agen. Hanya kolom yang Anda ubah yang disimpan, dan setiap perubahan konfigurasi menjadi versi bernomor yang baru, jadi tidak ada yang hilang.',
          'Status (Draf, Aktif, Dijeda, Diarsipkan) bukan bagian dari konfigurasi: mengubahnya tidak membuat versi baru. Agen yang dijeda atau diarsipkan tidak menerima percakapan.',
          'Di daftar agen, Anda bisa memilih beberapa agen sekaligus untuk mengubah statusnya atau menghapusnya.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agen' }],
      },
      {
        id: 'agent-versions',
        title: 'Versi dan penerapan',
        body: [
          'Kartu Versi mencantumkan semua versi, yang terbaru lebih dulu. Pulihkan menjadikan konfigurasi lama sebagai konfigurasi saat ini lagi, sebagai versi baru.',
          'Kartu Penerapan menghubungkan setiap lingkungan (Pengembangan, Staging, Produksi) dengan sebuah versi: pilih satu lalu terapkan. Kembali ke versi sebelumnya berarti menerapkan versi yang lebih lama.',
          'Layar chat dan panel uji selalu memakai konfigurasi saat ini. Program yang memanggilnya melalui API yang kompatibel dengan OpenAI (`/v1`) atau `/mcp` mendapatkan versi yang diterapkan ke Produksi; tanpa itu, mereka menerima galat “belum diterapkan”.',
        ],
      },
      {
        id: 'agent-sharing',
        title: 'Bagikan agen',
        body: [
          'Pilih Bagikan di halaman agen. Dialognya melakukan dua hal terpisah:',
          {
            list: [
              'Tautan publik: siapa pun yang sudah masuk ke instalasi ini dan memiliki tautannya bisa chat dengan agen. Hentikan berbagi membuat tautan itu tidak berfungsi lagi.',
              'Tim: agen dibagikan ke salah satu tim Anda, dan anggotanya mendapat hak sesuai perannya (pembaca membaca dan chat, anggota juga mengedit, pemilik dan admin juga membagikan dan menghapus).',
            ],
          },
          'Berbagi dengan tim memerlukan fitur Kolaborasi, yang diaktifkan oleh administrator. Tautan publik tetap berfungsi dalam kedua keadaan.',
        ],
        links: [{ to: '/dashboard/settings/team', label: 'Pengaturan tim' }],
      },
      {
        id: 'agent-export',
        title: 'Duplikasi, ekspor, dan impor',
        body: [
          'Duplikasi membuat salinan agen sebagai draf baru. Ekspor mengunduh satu file JSON berisi konfigurasinya dan kepribadian kustomnya, tidak pernah rahasia atau id dari server ini.',
          'Impor, di daftar agen, membuat agen yang sama dari file seperti itu, di instalasi ini atau instalasi lain.',
        ],
        links: [{ to: '/dashboard/agents', label: 'Agen' }],
      },
    ],
  },
  {
    id: 'knowledge',
    title: 'Pengetahuan',
    articles: [
      {
        id: 'knowledge-upload',
        title: 'Unggah dokumen',
        body: [
          {
            steps: [
              'Buka halaman agen, di tab Ringkasan.',
              'Di Dokumen basis pengetahuan, pilih Unggah dokumen lalu pilih filenya.',
              'Dokumen langsung dibaca dan diindeks: ia tampil sebagai Siap dengan jumlah bagiannya, dan agen sudah bisa menjawab darinya.',
            ],
          },
          'Unggahan nonaktif di instalasi baru. Jika panel menyebutkan bahwa administrator menonaktifkan unggahan file, administrator mengaktifkan Unggah file di Admin › Konfigurasi › Flag fitur; perubahan langsung berlaku.',
          'Anda harus bisa mengedit agen: pembaca dalam tim melihat dokumennya, tetapi tidak bisa menambah atau menghapusnya.',
        ],
        links: [{ to: '/admin/configuration#features', label: 'Admin › Konfigurasi › Flag fitur', admin: true }],
      },
      {
        id: 'knowledge-formats',
        title: 'Format dan batasan',
        body: [
          'Format yang diterima: teks biasa (.txt), Markdown (.md), HTML, PDF, Word (.docx), CSV, dan JSON.',
          {
            list: [
              'Satu file boleh berukuran hingga 20 MB (nilai bawaan; administrator mengubahnya di Admin › Konfigurasi › Batasan).',
              'Semua dokumen Anda bersama-sama boleh memakai hingga 1 GB: masing-masing dihitung dari ukuran filenya ditambah teksnya.',
              'File yang teksnya akan sangat besar dibandingkan ukurannya, atau yang tidak dapat dibaca dalam 20 detik, ditolak.',
            ],
          },
          'File yang ditolak tidak menyimpan apa pun, dan pesannya menyebutkan file serta alasannya; PDF yang rusak, misalnya, ditolak.',
        ],
      },
      {
        id: 'knowledge-citations',
        title: 'Cara agen memakai dokumen, dan kutipan',
        body: [
          'Setiap dokumen dipecah menjadi bagian sekitar 800 karakter. Untuk setiap pertanyaan, pencarian teks lengkap basis data menemukan lima bagian milik agen yang paling cocok, lalu memberikannya ke model bersama sumbernya.',
          'Jawaban yang memakainya mencantumkan Sumber di bawahnya, dengan nama setiap dokumen. Tanpa model bahasa, penjawab bawaan mengutip bagian-bagian itu secara langsung.',
          'Pencarian mencocokkan kata, dan pemotongan kata dasarnya disetel untuk bahasa Inggris: bertanyalah dengan kata-kata yang dipakai dokumen Anda. Sakelar “Gunakan basis pengetahuan” di formulir agen mematikan semua ini untuk agen tersebut.',
        ],
      },
      {
        id: 'knowledge-manage',
        title: 'Kelola dan hapus dokumen',
        body: [
          'Tabel dokumen menampilkan nama, jenis, ukuran, status, dan jumlah bagian setiap dokumen. Menghapus dokumen (Anda diminta konfirmasi) mengeluarkannya beserta bagian-bagiannya dari basis pengetahuan dan membebaskan jatahnya di kuota penyimpanan.',
          'Dokumen disimpan di basis data instalasi itu sendiri, bersama semua data lainnya.',
        ],
      },
    ],
  },
  {
    id: 'tools',
    title: 'Alat (MCP)',
    articles: [
      {
        id: 'mcp-overview',
        title: 'Apa yang dilakukan server MCP',
        body: [
          'Server MCP (Model Context Protocol) meminjamkan alat kepada agen Anda: mencari, membaca file, mencari data di sistem Anda sendiri. Server Anda tercantum di Alat MCP.',
          'Ada dua transport yang didukung:',
          {
            list: [
              'HTTP streamable: URL tempat server MCP menjawab. Alamat di jaringan privat atau lokal ditolak, kecuali operator mengizinkannya.',
              'stdio: perintah yang dijalankan server ini di mesinnya sendiri. Hanya administrator yang bisa menambahkannya, dan hanya dengan perintah yang ada di daftar izin operator, yang kosong secara bawaan.',
            ],
          },
          'Transport SSE yang lama tidak didukung.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Alat MCP' }],
      },
      {
        id: 'mcp-add',
        title: 'Tambah, impor, dan ekspor server',
        body: [
          'Pilih Tambah server, beri nama, pilih transportnya, lalu isi URL dan header, atau perintah beserta argumen dan variabel lingkungannya. Nilai rahasia dienkripsi saat disimpan dan setelah itu ditampilkan tersamar.',
          'Sarankan dari deskripsi mengusulkan server yang sudah dikenal (filesystem, fetch, git, GitHub, dan lainnya) dan, jika model bahasa terhubung, menuliskan satu untuk Anda, guna mengisi formulir. Uji koneksi mencoba konfigurasi sesuai yang diketik dan mencantumkan alatnya tanpa menyimpan apa pun.',
          'Impor menerima JSON dari klien MCP desktop (`{"mcpServers": …}`) atau dari VS Code (`{"servers": …}`), hingga 50 server sekaligus. Ekspor mengunduh server Anda dalam format yang sama, dengan atau tanpa kredensialnya.',
        ],
        links: [
          { to: '/dashboard/mcp/create', label: 'Tambah server MCP' },
          { to: '/dashboard/mcp/import', label: 'Impor server MCP' },
        ],
      },
      {
        id: 'mcp-test',
        title: 'Uji server',
        body: [
          'Uji, di daftar atau di halaman server, menyambung ulang dan mencantumkan alat server. Statusnya menjadi Terhubung, atau Galat beserta alasannya dalam kata-kata: alamat ditolak, tidak terjangkau, tidak diizinkan, waktu habis, dan sebagainya.',
          'Jalankan uji setelah menambahkan server: alatnya baru diketahui setelah sebuah uji mencantumkannya. Server yang dimatikan (Aktif) tetap menyimpan konfigurasinya, tetapi agen berhenti memakai alatnya.',
        ],
        links: [{ to: '/dashboard/mcp', label: 'Alat MCP' }],
      },
      {
        id: 'mcp-agent-tools',
        title: 'Beri agen alat, dan lihat panggilan alatnya',
        body: [
          {
            steps: [
              'Buka halaman agen dan tab Alat, lalu pilih Tambah server.',
              'Pilih salah satu server MCP Anda, dengan semua alatnya atau hanya alat yang Anda pilih.',
              'Atur prioritasnya: yang lebih tinggi didahulukan dan menang jika dua server punya alat dengan nama yang sama.',
            ],
          },
          'Anda harus bisa mengedit agen, dan servernya harus milik Anda.',
          'Saat menjawab, model dapat memanggil alat-alat ini, paling banyak empat putaran, 30 detik per panggilan, dan 90 detik waktu alat per jawaban. Alat yang gagal tidak menghentikan jawaban: model diberi tahu alasannya. Setiap panggilan tampil di chat sebagai kartu berisi argumen dan hasilnya.',
          'Alat memerlukan model bahasa yang terhubung: penjawab bawaan tidak memanggilnya.',
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'Kanal',
    articles: [
      {
        id: 'channel-chat',
        title: 'Layar chat',
        body: [
          'Chat, di bilah samping, memungkinkan Anda memilih agen mana pun yang boleh Anda pakai dan berbicara dengannya. Percakapan sebelumnya tercantum di samping pesan; Percakapan baru memulai yang lain.',
          'Percakapan di sini disimpan beserta token dan waktu responsnya, dan muncul di Semua percakapan.',
        ],
        links: [{ to: '/dashboard/chat', label: 'Chat' }],
      },
      {
        id: 'channel-public-link',
        title: 'Tautan chat untuk pengguna lain',
        body: [
          'Buat tautan publik di dialog Bagikan milik agen lalu kirimkan: tautan itu membuka halaman chat dengan nama, deskripsi, dan sapaan agen, di alamat seperti `/user/chat/<agent id>?share=…`.',
          'Siapa pun yang membukanya harus sudah masuk ke instalasi ini. Percakapan mereka muncul di daftar percakapan Anda. Hentikan berbagi langsung menonaktifkan tautan itu.',
        ],
      },
      {
        id: 'channel-api-keys',
        title: 'Kunci API',
        body: [
          'Dokumentasi API, di bilah samping, berisi kunci API Anda. Buat kunci meminta nama, agen yang boleh dijangkau kunci itu (semua atau sebagian), dan tanggal kedaluwarsa opsional.',
          'Kunci (diawali `af_`) hanya ditampilkan sekali: salin saat itu juga. Server hanya menyimpan sidik jarinya dan beberapa karakter pertamanya, jadi kunci itu tidak bisa ditampilkan lagi. Kunci bertindak atas nama Anda pada agen-agennya, tetapi tidak pernah bisa mengelola kunci, email, kata sandi, atau akun Anda.',
          'Kirimkan sebagai `Authorization: Bearer af_…`. Cabut langsung menghentikannya.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Dokumentasi API' }],
      },
      {
        id: 'channel-openai-api',
        title: 'API yang kompatibel dengan OpenAI',
        body: [
          'Agen Anda menjawab di `/v1` dengan format chat-completions OpenAI, sehingga pustaka resmi OpenAI bisa dipakai: atur URL dasar ke alamat server ini diikuti `/v1`, kunci API ke salah satu kunci Anda, dan model ke id agen.',
          'Yang menjawab adalah versi yang diterapkan ke Produksi, dengan pengetahuan dan alatnya. Setiap jawaban membawa header `X-Conversation-Id`: kirim kembali untuk melanjutkan percakapan yang sama.',
          'Halaman Dokumentasi API berisi contoh curl, Python, dan JavaScript yang siap disalin. Referensi lengkap API HTTP ada di `/api/docs`.',
        ],
        links: [
          { to: '/dashboard/integrations/api-docs', label: 'Dokumentasi API' },
          { href: '/api/docs', label: 'Referensi API' },
        ],
      },
      {
        id: 'channel-mcp-endpoint',
        title: 'Agen Anda sebagai alat klien MCP',
        body: [
          'Server ini sendiri adalah server MCP di `/mcp`, untuk kunci API: setiap agen yang dijangkau kunci menjadi alat bernama `ask_` diikuti nama agen, yang menerima pesan dan mengembalikan jawaban agen beserta sumbernya.',
          'Tambahkan ke klien MCP desktop dengan contoh di halaman Dokumentasi API (Klien MCP). Yang menjawab adalah versi yang diterapkan ke Produksi.',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Dokumentasi API' }],
      },
      {
        id: 'channel-live',
        title: 'Pantau percakapan secara langsung',
        body: [
          'Langsung, di bawah Percakapan, menampilkan percakapan yang sedang berlangsung dan mengikuti percakapan yang Anda pilih saat pesannya tiba, dari kanal mana pun. Transkrip lengkap membukanya secara utuh.',
          'Semua percakapan mencantumkan setiap percakapan agen Anda dan agen yang dibagikan ke tim Anda, dengan filter teks, agen, kanal, status, dan tanggal. Percakapan tanpa pesan selama 30 menit (bawaan) berakhir dengan sendirinya.',
        ],
        links: [
          { to: '/dashboard/conversations/live', label: 'Percakapan langsung' },
          { to: '/dashboard/conversations', label: 'Semua percakapan' },
        ],
      },
    ],
  },
  {
    id: 'faq',
    title: 'Pertanyaan umum',
    articles: [
      {
        id: 'faq-no-model',
        title: 'Mengapa agen saya bilang tidak ada model bahasa yang terhubung?',
        body: [
          'Karena instalasi ini belum memiliki model bahasa yang dikonfigurasi, sehingga yang menjawab adalah penjawab bawaan: ia memakai sapaan agen dan bagian-bagian dokumennya, dan tidak bisa menyusun teks baru.',
          'Administrator menghubungkan model di Admin › Konfigurasi › Model bahasa (lihat “Hubungkan model bahasa” di atas). Perubahannya berlaku sejak pesan berikutnya, tanpa memulai ulang.',
        ],
        links: [{ to: '/admin/configuration#model', label: 'Admin › Konfigurasi › Model bahasa', admin: true }],
      },
      {
        id: 'faq-no-verification-email',
        title: 'Mengapa saya tidak menerima email verifikasi?',
        body: [
          'Jika belum ada server email yang dikonfigurasi, email tidak dikirim: email disimpan di kotak keluar yang dilihat administrator, dan layar memberi tahu hal itu. Administrator lalu bisa menyiapkan email (Admin › Konfigurasi › Email), setelah itu email yang tertahan bisa dikirim ulang, atau menandai alamat Anda terverifikasi dari barisnya di Admin › Pengguna.',
          'Jika email sudah disiapkan, periksa folder spam dan minta tautan baru di Pengaturan: tautan berlaku 24 jam, dan tautan baru menggantikan yang lama.',
        ],
        links: [
          { to: '/dashboard/settings', label: 'Pengaturan' },
          { to: '/admin/users', label: 'Admin › Pengguna', admin: true },
        ],
      },
      {
        id: 'faq-invite-teammates',
        title: 'Bagaimana cara mengundang rekan kerja?',
        body: [
          'Di Pengaturan tim, pilih Buat tim (Anda menjadi pemiliknya), buka tim itu, lalu gunakan Undang seseorang dengan email dan peran mereka, misalnya anggota atau pembaca. Tautan di email hanya berlaku sekali, selama 7 hari.',
          'Orang yang belum punya akun mendaftar dengan alamat yang diundang lalu memverifikasinya; undangannya kemudian menunggu di Undangan untuk Anda.',
          'Undangan dan berbagi dalam tim memerlukan flag fitur Kolaborasi, yang nonaktif di instalasi baru: administrator mengaktifkannya di Admin › Konfigurasi › Flag fitur.',
        ],
        links: [
          { to: '/dashboard/settings/team', label: 'Pengaturan tim' },
          { to: '/admin/configuration#features', label: 'Admin › Konfigurasi › Flag fitur', admin: true },
        ],
      },
      {
        id: 'faq-data-storage',
        title: 'Di mana data saya disimpan?',
        body: [
          'AgentForge di-host sendiri: akun, agen, dokumen, dan percakapan tetap berada di basis data instalasi yang Anda pakai, secara bawaan berupa file SQLite di folder datanya, atau PostgreSQL jika operator memilihnya.',
          'Rahasia (kunci API penyedia, kredensial MCP, pengaturan email) disimpan terenkripsi di basis data, dan kunci API Anda hanya disimpan sebagai hash.',
          'Yang keluar dari server: jika model bahasa terhubung, setiap pertanyaan dikirim ke penyedianya bersama instruksi agen, percakapan terakhir, dan bagian dokumen yang cocok; alat menerima argumen yang diberikan model; email dikirim melalui server email yang dikonfigurasi.',
        ],
      },
      {
        id: 'faq-api-key-lost',
        title: 'Kunci API saya hilang, atau tidak berfungsi lagi',
        body: [
          'Kunci hanya ditampilkan sekali dan tidak bisa dipulihkan: cabut di halaman Dokumentasi API lalu buat yang baru.',
          'Kunci berhenti berfungsi jika dicabut, melewati tanggal kedaluwarsanya, atau akunnya dinonaktifkan. Satu akun bisa memiliki hingga 50 kunci (bawaan).',
        ],
        links: [{ to: '/dashboard/integrations/api-docs', label: 'Dokumentasi API' }],
      },
      {
        id: 'faq-rate-limits',
        title: 'Apa saja batas laju permintaan?',
        body: [
          'Nilai bawaannya, yang bisa diubah oleh administrator dan operator:',
          {
            list: [
              'Setiap kunci API: 600 permintaan per menit.',
              'Masuk, mendaftar, dan mengatur ulang kata sandi: 20 permintaan per menit dari satu alamat, dan 5 per menit untuk satu alamat email.',
              'Email tim (undangan, anggota yang ditambahkan, pesan ke tim): 20 per jam per orang dan 50 per jam per tim.',
            ],
          },
          'Jika batas terlampaui, jawabannya berstatus 429 dengan header `Retry-After` yang memberi tahu kapan boleh mencoba lagi. Penyedia model bahasa Anda mungkin punya batasnya sendiri; jawaban agen akan menyebutkannya.',
        ],
      },
      {
        id: 'faq-export-conversations',
        title: 'Bagaimana cara mengekspor percakapan?',
        body: [
          'Buka percakapan dari Semua percakapan lalu pilih Ekspor JSON atau Ekspor CSV: transkripnya terunduh sebagai file.',
          'Agen diekspor sebagai JSON dari halamannya, dan server MCP dari daftar Alat MCP.',
        ],
        links: [{ to: '/dashboard/conversations', label: 'Semua percakapan' }],
      },
      {
        id: 'faq-signup-closed',
        title: 'Mengapa rekan saya tidak bisa mendaftar?',
        body: [
          'Administrator bisa menutup pendaftaran (Admin › Konfigurasi › Umum, Pendaftaran terbuka). Setelah itu, hanya alamat yang memiliki undangan tim yang masih terbuka yang bisa membuat akun: undang dulu rekan Anda ke sebuah tim.',
        ],
        links: [{ to: '/admin/configuration#general', label: 'Admin › Konfigurasi › Umum', admin: true }],
      },
      {
        id: 'faq-forgot-password',
        title: 'Saya lupa kata sandi',
        body: [
          'Di halaman masuk, pilih Lupa kata sandi? lalu isi email Anda: Anda menerima tautan atur ulang yang hanya berlaku sekali, selama satu jam. Mengatur ulang kata sandi mengeluarkan Anda dari semua sesi.',
          'Tanpa server email, tidak ada email atur ulang yang terkirim: mintalah administrator menyiapkan email.',
        ],
      },
      {
        id: 'faq-language-theme',
        title: 'Bagaimana cara mengganti bahasa atau memakai tema gelap?',
        body: [
          'Menu bahasa di bagian atas dasbor menyediakan 12 bahasa; pilihan Anda diingat, dan email untuk Anda ditulis dalam bahasa itu. Tombol di sebelahnya beralih antara tema terang dan gelap.',
          'Bahasa jawaban sebuah agen diatur di formulirnya, terpisah dari bahasa Anda.',
        ],
      },
      {
        id: 'faq-delete-account',
        title: 'Bagaimana cara menghapus akun saya?',
        body: [
          'Di Pengaturan, pada Zona berbahaya, pilih Hapus akun dan konfirmasi dengan kata sandi Anda. Agen Anda beserta dokumen dan percakapannya, kunci API Anda, dan keanggotaan tim Anda dihapus; ini tidak bisa dibatalkan.',
          'Tim yang hanya Anda miliki sendiri berpindah ke admin terlama tim itu atau, jika tidak ada, ke anggota terlamanya.',
        ],
        links: [{ to: '/dashboard/settings', label: 'Pengaturan' }],
      },
    ],
  },
];
